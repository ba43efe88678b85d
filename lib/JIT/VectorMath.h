//===- VectorMath.h - host code optimized with SIMD math ---------*- C++ -*-===//
//
// The LLVM optimization of host code (the cpu target's loops, the cuda
// target's host side), with glibc's vector math library (libmvec) as the
// loop vectorizer's vector library: a loop calling sinf/expf/tanhf/... on
// each element calls _ZGVdN8v_sinf etc. on 8 at once (AVX2; 4 with SSE).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_JIT_VECTORMATH_H
#define ARRAYC_JIT_VECTORMATH_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace arrayc::jit {

/// The shared library and the link flag of glibc's vector math functions.
inline constexpr const char *kVectorMathLibrary = "libmvec.so.1";
inline constexpr const char *kVectorMathLinkFlag = "-lmvec";

/// Runs LLVM's default pipeline at `optLevel` on `module` (as
/// mlir::makeOptimizingTransformer), its vectorizer knowing libmvec: every
/// function libmvec has -- LLVM's own LIBMVEC table (sin, cos, tan, exp,
/// log, pow) and the rest of glibc 2.35's (tanh, atan, expm1, log1p, ...),
/// f32 and f64, as libm calls or LLVM intrinsics. The module's declarations
/// of those libm functions are marked free of side effects (the compiled
/// code never reads errno), which lets the vectorizer call the vector ones.
llvm::Error optimizeHostModule(llvm::Module &module, llvm::TargetMachine &tm,
                               unsigned optLevel);

} // namespace arrayc::jit

#endif // ARRAYC_JIT_VECTORMATH_H
