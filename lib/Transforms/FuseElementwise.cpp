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
#include "Transforms/Fusion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
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

int64_t arrayc::descriptorBytes(ArrayRef<Operation *> ops, Value except) {
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

/// Whether fusing the producer of `operand` into its consumer computes each
/// producer value once per consumer point it is read at, no more, and keeps
/// the fused op's operands within one kernel's parameters.
static bool fusesWithoutRecompute(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  return producer && producer->hasOneUse() && readsOncePerPoint(operand) &&
         arrayc::descriptorBytes({producer, operand->getOwner()}, operand->get()) <=
             arrayc::kMaxDescriptorBytes;
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
  static constexpr int64_t kMaxOps = 16;

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

/// Inlines a cheap elementwise producer at a `tensor.extract` of it: the
/// producer's body computes the one element the extract reads, its
/// `linalg.index` ops the extract's indices and its inputs read at their
/// maps' positions. Gathers read gathers this way: `np.roll(np.roll(b, i, 0),
/// j, 1)` is a gather (`ndarray.gather`: index arithmetic and an extract)
/// reading another, which upstream fusion (operands only) leaves as two
/// kernels and an n x m temporary; game_of_life's neighbour count had three.
/// Not a 0-d computation read by host code when it reads more than one array
/// (not host scalars or constants): on the cuda target each array would be a
/// read back to the host, where the computation is one kernel and one read
/// (power iteration's `abs(lam_new - lam) < tol * abs(lam_new)` was three
/// reads and three synchronizations per iteration).
struct InlineProducerAtExtract : OpRewritePattern<tensor::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Each input read at a projected permutation or constant positions, so
  /// the positions are the extract's indices or constants (no arithmetic).
  static bool simpleInputMaps(linalg::GenericOp op) {
    for (OpOperand *in : op.getDpsInputOperands()) {
      if (!isa<RankedTensorType>(in->get().getType()))
        return false;
      for (AffineExpr e : op.getMatchingIndexingMap(in).getResults())
        if (!isa<AffineDimExpr, AffineConstantExpr>(e))
          return false;
    }
    return true;
  }

  LogicalResult matchAndRewrite(tensor::ExtractOp extract,
                                PatternRewriter &rewriter) const override {
    auto producer = extract.getTensor().getDefiningOp<linalg::GenericOp>();
    if (!producer || producer->getNumResults() != 1 ||
        producer.getNumReductionLoops() != 0 || !producer.hasPureTensorSemantics() ||
        !producer.getMatchingIndexingMap(producer.getDpsInitOperand(0)).isIdentity() ||
        !simpleInputMaps(producer))
      return rewriter.notifyMatchFailure(extract, "not an elementwise producer");
    Block *body = producer.getBody();
    if (static_cast<int64_t>(body->getOperations().size()) - 1 >
        DuplicateCheapProducer::kMaxOps)
      return rewriter.notifyMatchFailure(extract, "body too large to recompute");
    if (!body->getArguments().back().use_empty())
      return rewriter.notifyMatchFailure(extract, "reads its output");
    if (producer.getNumLoops() == 0 && !extract->getParentOfType<linalg::LinalgOp>() &&
        llvm::count_if(producer.getDpsInputOperands(),
                       [](OpOperand *in) { return !arrayc::isHostScalar(in->get()); }) > 1)
      return rewriter.notifyMatchFailure(extract, "a 0-d computation on several arrays");
    bool flat = true, pure = true;
    producer.getBody()->walk([&](Operation *op) {
      if (isa<linalg::IndexOp>(op) && op->getBlock() != body)
        flat = false;
      if (!isa<linalg::YieldOp>(op) && !isMemoryEffectFree(op) && !isa<tensor::ExtractOp>(op))
        pure = false;
    });
    if (!flat || !pure)
      return rewriter.notifyMatchFailure(extract, "index in a region or effects");

    Location loc = extract.getLoc();
    ValueRange indices = extract.getIndices();
    IRMapping map;
    for (OpOperand *in : producer.getDpsInputOperands()) {
      SmallVector<Value> at;
      for (AffineExpr e : producer.getMatchingIndexingMap(in).getResults()) {
        if (auto d = dyn_cast<AffineDimExpr>(e))
          at.push_back(indices[d.getPosition()]);
        else
          at.push_back(arith::ConstantIndexOp::create(
              rewriter, loc, cast<AffineConstantExpr>(e).getValue()));
      }
      map.map(producer.getMatchingBlockArgument(in),
              tensor::ExtractOp::create(rewriter, loc, in->get(), at).getResult());
    }
    for (Operation &op : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(op)) {
        map.map(index.getResult(), indices[index.getDim()]);
        continue;
      }
      rewriter.clone(op, map);
    }
    Value element = map.lookupOrDefault(body->getTerminator()->getOperand(0));
    rewriter.replaceOp(extract, element);
    return success();
  }
};
} // namespace

void arrayc::populateFuseElementwisePatterns(RewritePatternSet &patterns, bool recompute) {
  MLIRContext *ctx = patterns.getContext();
  if (recompute)
    patterns.add<DuplicateCheapProducer, InlineProducerAtExtract>(ctx);
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
    // Unit dims first (keepdims reductions, broadcasts of [n, 1]): a
    // consumer that reads a producer through an expand_shape adding a unit
    // dim then reads it directly, so the producer can fuse into it.
    RewritePatternSet unitDimPatterns(&getContext());
    linalg::ControlDropUnitDims options;
    linalg::populateFoldUnitExtentDimsPatterns(unitDimPatterns, options);
    linalg::populateFoldUnitExtentDimsCanonicalizationPatterns(unitDimPatterns, options);
    FrozenRewritePatternSet unitDims(std::move(unitDimPatterns));
    RewritePatternSet fusionPatterns(&getContext());
    arrayc::populateFuseElementwisePatterns(fusionPatterns, recompute);
    FrozenRewritePatternSet fusion(std::move(fusionPatterns));
    IRRewriter rewriter(&getContext());
    // Rounds until nothing changes: fusion's reshape folding by expansion
    // gives a reduction read through an expand_shape a unit loop (a matrix-
    // vector product becomes i x 1 x j), which the next round's unit-dim
    // folding removes; and CSE makes the clones of one cheap producer left
    // for uses that did not fuse one value again, which the next round
    // clones and fuses. nbody's `(dx * inv_r3) @ mass` kept six n x n
    // broadcasts after one round, none after three.
    for (int round = 0; round < kMaxRounds; ++round) {
      bool fused = false, merged = false;
      // A greedy application that has not converged after its iterations
      // leaves valid IR (each pattern is a correct rewrite): the next round
      // goes on from it. A program of 250 in-place slice updates, each a
      // generic reading the last one's elements, takes more than ten.
      if (recompute)
        (void)applyPatternsGreedily(getOperation(), unitDims);
      (void)applyPatternsGreedily(getOperation(), fusion,
                                  GreedyRewriteConfig().setUseTopDownTraversal(), &fused);
      DominanceInfo dominance(getOperation());
      eliminateCommonSubExpressions(rewriter, dominance, getOperation(), &merged);
      if (!fused && !merged)
        break;
    }
  }
  /// An upper bound on the rounds; the IR stops changing after two to four
  /// on the programs of test/apps.
  static constexpr int kMaxRounds = 6;
};
} // namespace
