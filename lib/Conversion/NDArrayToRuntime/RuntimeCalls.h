//===- RuntimeCalls.h - building calls of the arrayc runtime ----*- C++ -*-===//
//
// Helpers shared by the patterns of convert-ndarray-to-runtime
// (NDArrayToRuntime.cpp: host ops; LinalgCalls.cpp: numpy.linalg; FFTCalls.cpp:
// numpy.fft): the ABI of
// runtime/include/arrayc_rt/runtime.h, where arrays and strings travel as
// unranked memrefs.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H
#define ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace arrayc::rtcall {

/// The runtime's dtype code (`enum arrayc_rt_dtype`) of an element type.
int32_t dtypeCode(mlir::Type t);
/// The signless element type arrays cross the ABI with.
mlir::Type storageType(mlir::Type t);
/// The suffix of typed entry points: `f32`, `i64`, `c64`, ...
std::string storageSuffix(mlir::Type t);
/// `file:line:col` of a location ("" when it has none).
std::string locationText(mlir::Location loc);
/// Declares `name(argTypes) -> ()` at the module's top, once.
mlir::func::FuncOp declare(mlir::OpBuilder &rewriter, mlir::ModuleOp module,
                           llvm::StringRef name, mlir::TypeRange argTypes);
/// A string constant as an unranked i8 memref.
mlir::Value stringValue(mlir::OpBuilder &rewriter, mlir::Location loc,
                        mlir::ModuleOp module, llvm::StringRef text);
/// `tensor` with its element type made signless (a cast that folds with the
/// one convert-ndarray-to-linalg leaves in front of a host op).
mlir::Value storageTensor(mlir::PatternRewriter &rewriter, mlir::Location loc,
                          mlir::Value tensor);
/// A tensor as an unranked memref for a runtime call that reads it.
mlir::Value tensorAsUnranked(mlir::PatternRewriter &rewriter, mlir::Location loc,
                             mlir::Value tensor);
mlir::Value i32(mlir::PatternRewriter &rewriter, mlir::Location loc, int32_t v);
mlir::UnrankedMemRefType unranked(mlir::Type elt);

} // namespace arrayc::rtcall

#endif // ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H
