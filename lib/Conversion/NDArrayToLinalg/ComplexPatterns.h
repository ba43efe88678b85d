//===- ComplexPatterns.h - complex scalars in linalg bodies -----*- C++ -*-===//
//
// Scalar helpers for complex element types, shared by the ndarray-to-linalg
// patterns: the `complex` dialect computes the arithmetic; complex-to-standard
// and complex-to-llvm lower it later (lib/Pipelines/Pipelines.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_CONVERSION_NDARRAYTOLINALG_COMPLEXPATTERNS_H
#define ARRAYC_CONVERSION_NDARRAYTOLINALG_COMPLEXPATTERNS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace arrayc {

/// `complex.constant [re, im]` of complex type `t`.
mlir::Value complexConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t,
                            double re, double im);

/// NumPy's `astype` from or to a complex type (`from != to`, at least one of
/// them complex): complex -> real takes the real part, complex -> bool is
/// "either part nonzero", real -> complex has a zero imaginary part.
/// `castReal` converts between non-complex types.
mlir::Value castComplex(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value v, mlir::Type to,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location, mlir::Value,
                                   mlir::Type)>
        castReal);

/// Runs the complex function `fn` on complex<f64> for a complex<f32> `z` and
/// rounds back: the complex dialect's f32 expansions of tan/tanh/... lose
/// several ulps, NumPy's csinf/ctanhf do not.
mlir::Value inWideComplex(mlir::OpBuilder &b, mlir::Location loc, mlir::Value z,
                          llvm::function_ref<mlir::Value(mlir::Value)> fn);

/// `isnan isinf isfinite` of a complex value (NumPy: nan if either part is
/// nan, inf if either part is inf and finite if both are).
mlir::Value complexClassify(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::StringRef fn, mlir::Value z);

} // namespace arrayc

#endif // ARRAYC_CONVERSION_NDARRAYTOLINALG_COMPLEXPATTERNS_H
