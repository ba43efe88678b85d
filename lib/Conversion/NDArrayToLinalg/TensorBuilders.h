//===- TensorBuilders.h - tensor helpers shared by the patterns -*- C++ -*-===//
#ifndef ARRAYC_CONVERSION_NDARRAYTOLINALG_TENSORBUILDERS_H
#define ARRAYC_CONVERSION_NDARRAYTOLINALG_TENSORBUILDERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <string>

namespace arrayc {

/// `tensor.empty` of `type`, its dynamic sizes read from `like` (same shape).
mlir::Value emptyLike(mlir::OpBuilder &b, mlir::Location loc, mlir::RankedTensorType type,
                      mlir::Value like);

/// `v`, shaped like `input` without `axes`, expanded with size-1 dims at
/// `axes` into `outType` (NumPy's keepdims).
mlir::Value expandKeepdims(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                           mlir::Value input, llvm::ArrayRef<int64_t> axes,
                           mlir::RankedTensorType outType);

/// "file:line:col: " of a FileLineColLoc, else "": the prefix of the run-time
/// error messages the compiled code prints (asserts).
std::string locationPrefix(mlir::Location loc);

} // namespace arrayc

#endif // ARRAYC_CONVERSION_NDARRAYTOLINALG_TENSORBUILDERS_H
