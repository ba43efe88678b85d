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

/// Whether a consumer that reads a producer through `operand` reads each
/// producer value once per consumer point: an elementwise consumer, or a
/// reduction whose map for it uses every loop.
static bool readsOncePerPoint(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return true;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  for (unsigned d = 0, e = map.getNumDims(); d < e; ++d)
    if (!map.isFunctionOfDim(d))
      return false;
  return true;
}

/// The bytes of the kernel parameters the operands of `ops` take as memref
/// descriptors (allocated and aligned pointers, offset, sizes and strides:
/// 3 + 2 * rank words; a scalar one word), counting a value once.
static int64_t descriptorBytes(ArrayRef<Operation *> ops, Value except) {
  llvm::SmallDenseSet<Value, 16> seen;
  int64_t bytes = 0;
  for (Operation *op : ops)
    for (Value v : op->getOperands())
      if (v != except && seen.insert(v).second)
        bytes += 8 * (isa<ShapedType>(v.getType())
                          ? 3 + 2 * cast<ShapedType>(v.getType()).getRank()
                          : 1);
  return bytes;
}

/// A fused op becomes one GPU kernel (one loop nest on the cpu), and a CUDA
/// kernel's parameters must fit 4,352 bytes (PTX ISA < 8.1): fusion stops
/// where the fused op's operands would pass kMaxDescriptorBytes, leaving room
/// for the sizes and counts the mapping adds. 373 arrays summed in one
/// expression used to fuse into a kernel that ptxas refused.
static constexpr int64_t kMaxDescriptorBytes = 3072;

/// Whether fusing the producer of `operand` into its consumer computes each
/// producer value once per consumer point it is read at, no more, and keeps
/// the fused op's operands within one kernel's parameters.
static bool fusesWithoutRecompute(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  return producer && producer->hasOneUse() && readsOncePerPoint(operand) &&
         descriptorBytes({producer, operand->getOwner()}, operand->get()) <=
             kMaxDescriptorBytes;
}

namespace {
/// Clones a cheap elementwise op with several uses once per use (each use
/// then fuses into its consumer): `e = exp(x - m); e / sum(e)` computes `e`
/// in both consumers instead of writing it out and reading it back twice.
/// Cheap: at most kMaxOps ops in the body. Every user must be a consumer that
/// reads it once per point (see readsOncePerPoint) or a reshape (which
/// folds into it by expansion).
struct DuplicateCheapProducer : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  static constexpr int64_t kMaxOps = 8;

  LogicalResult matchAndRewrite(linalg::GenericOp op, PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || op.getNumReductionLoops() != 0 ||
        !op.hasPureTensorSemantics() || op->getResult(0).hasOneUse() ||
        op->getResult(0).use_empty())
      return rewriter.notifyMatchFailure(op, "not a multi-use elementwise op");
    if (static_cast<int64_t>(op.getBody()->getOperations().size()) - 1 > kMaxOps)
      return rewriter.notifyMatchFailure(op, "body too large to recompute");
    if (!op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isPermutation())
      return failure();
    for (OpOperand &use : op->getResult(0).getUses()) {
      Operation *user = use.getOwner();
      if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user))
        continue;
      auto consumer = dyn_cast<linalg::GenericOp>(user);
      if (!consumer || !consumer.isDpsInput(&use) || !readsOncePerPoint(&use))
        return rewriter.notifyMatchFailure(op, "a user would not fuse it");
    }
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : op->getResult(0).getUses())
      uses.push_back(&use);
    for (OpOperand *use : llvm::drop_begin(uses)) {
      rewriter.setInsertionPoint(op);
      Operation *clone = rewriter.clone(*op);
      rewriter.modifyOpInPlace(use->getOwner(), [&] { use->set(clone->getResult(0)); });
    }
    return success();
  }
};
} // namespace

void arrayc::populateFuseElementwisePatterns(RewritePatternSet &patterns, bool recompute) {
  MLIRContext *ctx = patterns.getContext();
  if (recompute)
    patterns.add<DuplicateCheapProducer>(ctx);
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
  using Base::Base;
  void runOnOperation() override {
    if (recompute) {
      // Unit dims first (keepdims reductions, broadcasts of [n, 1]): a
      // consumer that reads a producer through an expand_shape adding a unit
      // dim then reads it directly, so the producer can fuse into it.
      RewritePatternSet unitDims(&getContext());
      linalg::ControlDropUnitDims options;
      linalg::populateFoldUnitExtentDimsPatterns(unitDims, options);
      linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(unitDims, options);
      if (failed(applyPatternsGreedily(getOperation(), std::move(unitDims))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    arrayc::populateFuseElementwisePatterns(patterns, recompute);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     GreedyRewriteConfig().setUseTopDownTraversal())))
      signalPassFailure();
  }
};
} // namespace
