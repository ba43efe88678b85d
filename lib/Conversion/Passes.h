//===- Passes.h - arrayc conversion passes ----------------------*- C++ -*-===//
#ifndef ARRAYC_CONVERSION_PASSES_H
#define ARRAYC_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace arrayc {

/// Patterns lowering ndarray compute ops to linalg/tensor/arith/math.
void populateNDArrayToLinalgConversionPatterns(mlir::RewritePatternSet &patterns);
/// Patterns lowering `//`, `%`, bitwise and shift ops (ArithPatterns.cpp).
void populateNDArrayArithToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// Patterns lowering ndarray indexing and shape ops (ShapePatterns.cpp).
void populateNDArrayShapeToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// Patterns lowering ndarray host ops (load/save/print/assert) to runtime calls.
/// `cuda`: the library ops call the GPU entry points (cuSOLVER, cuFFT).
void populateNDArrayToRuntimeConversionPatterns(mlir::RewritePatternSet &patterns,
                                                bool cuda = false);
/// Patterns lowering the numpy.linalg ops (det, inv, solve, ...) to LAPACKE
/// calls of the runtime (NDArrayToRuntime/LinalgCalls.cpp).
/// With `cuda`, calls of the cuSOLVER entry points `arrayc_rt_cusolver_<op>_<T>`.
void populateNDArrayLinalgToRuntimePatterns(mlir::RewritePatternSet &patterns,
                                            bool cuda = false);
/// The patterns that turn `ndarray.fft` into arrayc_rt_<kind>_<T> calls
/// (NDArrayToRuntime/FFTCalls.cpp).
/// With `cuda`, calls of the cuFFT entry points `arrayc_rt_cufft_<kind>_<T>`.
void populateFFTToRuntimeCallPatterns(mlir::RewritePatternSet &patterns, bool cuda = false);
/// Patterns lowering the builtin ops (NDArrayBuiltinOps.td) to linalg.
void populateNDArrayBuiltinToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// ndarray.real/imag/complex_abs/conj to linalg on the `complex` dialect.
void populateNDArrayComplexToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// ndarray.gather to a linalg.generic reading with tensor.extract
/// (NDArrayToLinalg/IndexPatterns.cpp).
void populateNDArrayIndexToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// `ndarray.map` (a user scalar function) to one parallel linalg.generic.
void populateNDArrayMapToLinalgPatterns(mlir::RewritePatternSet &patterns);
/// ndarray.compress, scatter and sort to runtime calls
/// (NDArrayToRuntime/IndexCalls.cpp; runtime/src/index.cpp).
/// With `cuda`, sort and compress call the CUB entry points
/// `arrayc_rt_cub_<op>_<T>` (runtime/src/cub_index.cu).
void populateIndexToRuntimeCallPatterns(mlir::RewritePatternSet &patterns, bool cuda = false);

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace arrayc

#endif // ARRAYC_CONVERSION_PASSES_H
