//===- Gemm.h - matching buffer-level matrix products -----------*- C++ -*-===//
//
// What arrayc-linalg-to-blas (LinalgToBlas.cpp) and its cuBLASLt epilogue
// patterns (GemmEpilogue.cpp) share: the match of a (batched) matrix-product
// generic and its plan of loop roles, the zero fill folded into beta = 0, and
// the plan and operands of a runtime call.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_TRANSFORMS_GEMM_H
#define ARRAYC_TRANSFORMS_GEMM_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace arrayc::gemm {

/// Loop roles in the plan the runtime reads (runtime.h, arrayc_rt_blas_gemm_*).
enum Role : int64_t { Batch = 0, M = 1, N = 2, K = 3 };

struct GemmMatch {
  /// The role of each loop of the generic.
  llvm::SmallVector<int64_t> roles;
  /// The plan of runtime.h: [nloops, role per loop, then for A, B and C one
  /// entry per memref dimension: the loop it is indexed by, or -1 - c for a
  /// constant index c].
  llvm::SmallVector<int64_t> plan;
};

/// `op` as a GEMM, or failure. With `widened`, also f16/bf16 inputs with an
/// f32 result and body (extf, extf, mulf, addf); `suffix` names the entry
/// point's types ("f32", "f64", "c64", "c128", "f16f32", "bf16f32").
mlir::FailureOr<GemmMatch> matchGemm(mlir::linalg::GenericOp op, bool widened,
                                     std::string &suffix);

/// The op that sets every element of `buffer` to +0 before `op`, if any (a
/// linalg.fill or its generalized form, or a copy of a zero buffer, with only
/// allocations, ops without memory effects, generics on other buffers and
/// copies into other buffers in between).
mlir::Operation *findZeroFill(mlir::Operation *op, mlir::Value buffer);

/// Whether something reads the zeros of `fill` (found by findZeroFill for
/// `product`) between the two: the fill then stays when the product becomes a
/// call with beta = 0.
bool zerosReadBefore(mlir::Operation *fill, mlir::Operation *product);

/// Erases a zero fill findZeroFill found; for a copy of a zero buffer, also
/// that buffer (its fill, allocation and release) when nothing else reads it.
void eraseZeroFill(mlir::RewriterBase &rewriter, mlir::Operation *fill);

/// Whether nothing but the product `op`, its zero fill, `reader` and
/// deallocations uses `buffer`.
bool onlyProductUses(mlir::Operation *op, mlir::Value buffer, mlir::Operation *reader);

/// The arguments of a GEMM entry point up to the operands: the plan (a stack
/// slot of i64 filled with `plan`, as memref<*xi64>), then each of `operands`
/// cast to an unranked memref. To be called inside the alloca scope of the
/// call, which releases the slot.
llvm::SmallVector<mlir::Value> planAndOperands(mlir::OpBuilder &b, mlir::Location loc,
                                               llvm::ArrayRef<int64_t> plan,
                                               mlir::ValueRange operands);

} // namespace arrayc::gemm

namespace arrayc {
/// The cuda-only patterns of arrayc-linalg-to-blas that turn a matrix product
/// followed by a bias/scale/ReLU epilogue into one cuBLASLt call
/// (`arrayc_rt_cublas_lt_gemm_<T>`, runtime/src/cublaslt.cpp). With `tf32`,
/// f32 products use the TF32 tensor cores.
void populateGemmEpiloguePatterns(mlir::RewritePatternSet &patterns, bool tf32);
} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_GEMM_H
