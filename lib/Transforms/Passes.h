//===- Passes.h - arrayc transformation passes ------------------*- C++ -*-===//
#ifndef ARRAYC_TRANSFORMS_PASSES_H
#define ARRAYC_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace arrayc {

#define GEN_PASS_DECL
#include "Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Transforms/Passes.h.inc"

/// Bool attribute on an `scf.if` that arrayc-gpu-map-linalg builds: the
/// branch large, non-empty inputs take (true: then). Guards of empty
/// iteration spaces, the small-row fallback of a row group and the fill of
/// an empty reduction's output are the unlikely branches. `arrayc
/// --kernel-stats` counts kernels along the likely branches.
inline constexpr llvm::StringLiteral kLikelyBranchAttr = "arrayc.likely";

/// Rewrites buffer-level matrix-product generics into OpenBLAS GEMM calls, or
/// with `cuda` cuBLAS ones (the patterns of `arrayc-linalg-to-blas`).
/// With `tf32` (cuda only) f32 products use the TF32 tensor cores.
void populateLinalgToBlasPatterns(mlir::RewritePatternSet &patterns, bool cuda = false,
                                  bool tf32 = false);
/// The pattern of `arrayc-scalarize-host-scalars`: 0-d generics on host
/// scalars as scalar arith.
void populateScalarizeHostScalarsPatterns(mlir::RewritePatternSet &patterns);
/// True when a 0-d tensor is a host scalar: a `tensor.from_elements` or an
/// integer or float splat constant (no device memory to read).
bool isHostScalar(mlir::Value input);
/// The patterns of `arrayc-fuse-elementwise`; `recompute` adds the cloning of
/// cheap multi-use elementwise producers (one per consumer).
void populateFuseElementwisePatterns(mlir::RewritePatternSet &patterns, bool recompute);
/// The folds that follow `arrayc-collapse-dims`' collapsing of reductions and
/// broadcasts: reshapes between generics fold into the neighbour they would
/// view (collapsing it, when it may be), expand/collapse pairs cancel.
void populateCollapseDimsPatterns(mlir::RewritePatternSet &patterns);

} // namespace arrayc

#endif // ARRAYC_TRANSFORMS_PASSES_H
