//===- FuseElementwise.cpp - elementwise fusion without recomputation -----===//
//
// Upstream's linalg elementwise fusion with one more rule: an elementwise
// producer is not fused into a consumer with reduction loops when the consumer
// reads it through a map that does not use every loop. Such a fusion
// recomputes the producer once per value of the unused loops: `(2 * a) @ b`
// fused computes `2 * a[i, k]` for every j, n times the work, and hides the
// product from library calls (`arrayc-linalg-to-blas`). A reduction that
// reads its producer at every point (`sum(x * x)`, a row sum of `exp(x - m)`)
// still fuses, and so do elementwise consumers, as upstream.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

/// Whether fusing the producer of `operand` into its consumer computes each
/// producer value once per consumer point it is read at, no more.
static bool fusesWithoutRecompute(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return true;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

void arrayc::populateFuseElementwisePatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  linalg::ControlFusionFn control = fusesWithoutRecompute;
  linalg::populateElementwiseOpsFusionPatterns(patterns, control);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
  tensor::populateBubbleUpExpandShapePatterns(patterns);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
  ctx->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(patterns);
  linalg::populateConstantFoldLinalgOperations(patterns, control);
}

namespace {
struct FuseElementwise : arrayc::impl::FuseElementwiseBase<FuseElementwise> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arrayc::populateFuseElementwisePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig().setUseTopDownTraversal())))
      signalPassFailure();
  }
};
} // namespace
