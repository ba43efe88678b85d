//===- RuntimeCalls.h - helpers of convert-ndarray-to-runtime ---*- C++ -*-===//
//
// What the patterns that turn ndarray ops into arrayc_rt_* calls share
// (defined in NDArrayToRuntime.cpp): dtype codes, the ABI's storage types,
// declarations, strings and unranked memrefs.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H
#define ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace arrayc {

/// The patterns of FFTCalls.cpp (`ndarray.fft` -> arrayc_rt_<kind>_<T>).
void populateFFTToRuntimeCallPatterns(mlir::RewritePatternSet &patterns);

namespace rtcalls {

/// dtype code of runtime.h (`enum arrayc_rt_dtype`), -1 if none.
int32_t dtypeCode(mlir::Type t);
/// The element type arrays cross the ABI with (signless integers).
mlir::Type storageType(mlir::Type t);
/// The runtime's suffix for a storage type (`f32`, `c64`, ...).
std::string storageSuffix(mlir::Type t);
/// `file:line:col` of a location ("" if it has none).
std::string locationText(mlir::Location loc);
/// Declares `name` with `argTypes` (no results) at the module's top, once.
mlir::func::FuncOp declare(mlir::PatternRewriter &rewriter, mlir::ModuleOp module,
                           llvm::StringRef name, mlir::TypeRange argTypes);
/// A string as an unranked i8 memref backed by a constant global.
mlir::Value stringValue(mlir::PatternRewriter &rewriter, mlir::Location loc,
                        mlir::ModuleOp module, llvm::StringRef text);
/// A tensor as an unranked memref for a runtime call that reads it.
mlir::Value tensorAsUnranked(mlir::PatternRewriter &rewriter, mlir::Location loc,
                             mlir::Value tensor);
mlir::Value i32(mlir::PatternRewriter &rewriter, mlir::Location loc, int32_t v);
mlir::UnrankedMemRefType unranked(mlir::Type elt);

} // namespace rtcalls
} // namespace arrayc

#endif // ARRAYC_CONVERSION_NDARRAYTORUNTIME_RUNTIMECALLS_H
