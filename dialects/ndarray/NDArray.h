//===- NDArray.h - the ndarray dialect ---------------------------*- C++ -*-===//
#ifndef ARRAYC_DIALECTS_NDARRAY_NDARRAY_H
#define ARRAYC_DIALECTS_NDARRAY_NDARRAY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "ndarray/NDArrayDialect.h.inc"
#include "ndarray/NDArrayEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ndarray/NDArrayAttrs.h.inc"

namespace arrayc::ndarray {
/// Names of the discardable attributes NDArrayDialect.td describes (verified
/// by NDArrayDialect::verifyOperationAttribute).
inline constexpr llvm::StringLiteral kScanAttrName = "ndarray.scan";
inline constexpr llvm::StringLiteral kArgReduceAttrName = "ndarray.arg_reduce";
inline constexpr llvm::StringLiteral kCombinerAttrName = "ndarray.combiner";
inline constexpr llvm::StringLiteral kCombinerIdentityAttrName = "ndarray.combiner_identity";
/// On a function result: the final contents of the argument of this index,
/// which the function writes (reference semantics).
inline constexpr llvm::StringLiteral kWrittenArgAttrName = "ndarray.written_arg";
} // namespace arrayc::ndarray

#define GET_OP_CLASSES
#include "ndarray/NDArrayOps.h.inc"

namespace arrayc::ndarray::detail {
/// The axes and result shape of a reduction (`<id>_c1`, `<id>_c2`): shared by
/// ndarray.reduce and ndarray.custom_reduce.
mlir::LogicalResult verifyReducedShape(mlir::Operation *op, llvm::StringRef id,
                                       mlir::RankedTensorType in,
                                       mlir::RankedTensorType out,
                                       llvm::ArrayRef<int64_t> axes, bool keepdims);
} // namespace arrayc::ndarray::detail

#endif // ARRAYC_DIALECTS_NDARRAY_NDARRAY_H
