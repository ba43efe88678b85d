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

/// Whether nothing between `producer` and `reader` (one block; nested
/// regions included) makes a new version of a tensor the producer reads (an
/// input, or a `tensor.extract` in its body): uses it as an output, the
/// destination of an insertion, or anything but a read. Computing a gather
/// at its reader would then read the old version after the new one is made,
/// which bufferization keeps alive by copying the whole array, not a slice.
static bool sourcesUnchangedUntil(Operation *producer, Operation *reader) {
  if (producer->getBlock() != reader->getBlock())
    return false;
  llvm::SmallDenseSet<Value, 4> sources;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(producer))
    for (OpOperand *in : linalgOp.getDpsInputOperands())
      sources.insert(in->get());
  producer->walk([&](tensor::ExtractOp e) { sources.insert(e.getTensor()); });
  auto onlyReads = [&](Operation *op) {
    for (OpOperand &use : op->getOpOperands()) {
      if (!sources.contains(use.get()) ||
          isa<tensor::ExtractOp, tensor::DimOp, tensor::ExtractSliceOp>(op))
        continue;
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (!linalgOp || !linalgOp.isDpsInput(&use))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  };
  for (Operation *op = producer->getNextNode(); op && op != reader; op = op->getNextNode())
    if (op->walk(onlyReads).wasInterrupted())
      return false;
  return true;
}

/// Clones `producer`'s flat body at the rewriter's insertion point, each
/// `linalg.index d` as `index(d)` and its block arguments as `map` maps them;
/// returns the value it yields: one element of the producer.
static Value cloneElement(RewriterBase &rewriter, linalg::GenericOp producer, IRMapping &map,
                          llvm::function_ref<Value(unsigned)> index) {
  Block *body = producer.getBody();
  for (Operation &op : body->without_terminator()) {
    if (auto ix = dyn_cast<linalg::IndexOp>(op)) {
      map.map(ix.getResult(), index(ix.getDim()));
      continue;
    }
    rewriter.clone(op, map);
  }
  return map.lookupOrDefault(body->getTerminator()->getOperand(0));
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
    Value element =
        cloneElement(rewriter, producer, map, [&](unsigned d) { return indices[d]; });
    rewriter.replaceOp(extract, element);
    return success();
  }
};

/// Computes a gather (an op with no inputs whose elements are loads at
/// index arithmetic: a copy of a slice `L[j, :j]`; or a cheap function of
/// such loads, `np.abs(LU[k:, k])`, for a reduction that reads each element
/// once) at the points of a reduction that reads it, instead of writing it
/// out first. Upstream fusion
/// refuses: after it no operand of the reduction would define the loops the
/// gather's shape defined. Here the reduction reads an empty tensor of that
/// shape in its place (never loaded; bufferized, an allocation nothing
/// writes) and computes each element from the gather's body, its
/// `linalg.index` ops the reduction's positions for it. Recomputing is a load
/// either way, so a reduction reading it through a broadcast (a matrix-vector
/// product's vector) takes it too, when its body already gathers (it is no
/// library call). Through a reshape that adds or drops unit dims only.
/// Cholesky's column step wrote L[j, :j] twice a step for a dot product and
/// a matrix-vector product to read.
struct InlineGatherIntoReduction : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  /// A gather: no inputs, identity output not read, a flat body of index
  /// ops, extracts and integer or index arithmetic, and with `compute` any
  /// other cheap pure op (`np.abs(x[k:, k])`).
  static bool isGather(linalg::GenericOp p, bool compute) {
    if (p->getNumResults() != 1 || p.getNumDpsInputs() != 0 || p.getNumReductionLoops() != 0 ||
        !p.hasPureTensorSemantics() ||
        !p.getMatchingIndexingMap(p.getDpsInitOperand(0)).isIdentity())
      return false;
    Block *body = p.getBody();
    if (!body->getArgument(0).use_empty() ||
        static_cast<int64_t>(body->getOperations().size()) - 1 > DuplicateCheapProducer::kMaxOps)
      return false;
    return llvm::all_of(body->without_terminator(), [compute](Operation &op) {
      if (isa<linalg::IndexOp, tensor::ExtractOp>(op))
        return true;
      return op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
             (compute ||
              llvm::all_of(op.getResultTypes(), [](Type t) { return t.isIntOrIndex(); }));
    });
  }

  /// For each dim of `from`'s shape, the dim of `to`'s shape holding its
  /// index (-1: a unit dim, index 0) when a reshape between the two only
  /// adds or drops unit dims; `groups` are the reshape's reassociation over
  /// the larger shape.
  static std::optional<SmallVector<int64_t>>
  unitReshapeDims(RankedTensorType small, RankedTensorType large,
                  ArrayRef<ReassociationIndices> groups, bool smallToLarge) {
    SmallVector<int64_t> smallDim(large.getRank(), -1), largeDim(small.getRank(), -1);
    for (auto [s, group] : llvm::enumerate(groups)) {
      int64_t nonUnit = -1;
      for (int64_t d : group)
        if (large.getDimSize(d) != 1) {
          if (nonUnit >= 0)
            return std::nullopt;
          nonUnit = d;
        }
      if (nonUnit >= 0) {
        smallDim[nonUnit] = s;
        largeDim[s] = nonUnit;
      }
    }
    return smallToLarge ? largeDim : smallDim;
  }

  LogicalResult matchAndRewrite(linalg::GenericOp op, PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
      return rewriter.notifyMatchFailure(op, "not a reduction on tensors");
    bool gathers = false;
    op.getBody()->walk([&](tensor::ExtractOp) { gathers = true; });
    for (OpOperand *in : op.getDpsInputOperands()) {
      Value read = in->get();
      if (!read.hasOneUse() || (!gathers && !readsOncePerPoint(in)))
        continue;
      // `pDim[d]`: the dim of the read's shape indexing the gather's dim d.
      auto readType = dyn_cast<RankedTensorType>(read.getType());
      if (!readType)
        continue;
      linalg::GenericOp producer;
      SmallVector<int64_t> pDim;
      if (auto collapse = read.getDefiningOp<tensor::CollapseShapeOp>()) {
        producer = collapse.getSrc().getDefiningOp<linalg::GenericOp>();
        auto dims = unitReshapeDims(readType, collapse.getSrcType(),
                                    collapse.getReassociationIndices(), false);
        if (!dims || !collapse.getSrc().hasOneUse())
          continue;
        pDim = *dims;
      } else if (auto expand = read.getDefiningOp<tensor::ExpandShapeOp>()) {
        producer = expand.getSrc().getDefiningOp<linalg::GenericOp>();
        auto dims = unitReshapeDims(expand.getSrcType(), readType,
                                    expand.getReassociationIndices(), true);
        if (!dims || !expand.getSrc().hasOneUse())
          continue;
        pDim = *dims;
      } else {
        producer = read.getDefiningOp<linalg::GenericOp>();
        pDim = llvm::to_vector(llvm::seq<int64_t>(0, readType.getRank()));
      }
      // Computed values only where each is read once (no recomputation).
      if (!producer || !isGather(producer, readsOncePerPoint(in)) ||
          !sourcesUnchangedUntil(producer, op))
        continue;
      AffineMap map = op.getMatchingIndexingMap(in);
      if (!llvm::all_of(map.getResults(),
                        [](AffineExpr e) { return isa<AffineDimExpr, AffineConstantExpr>(e); }))
        continue;

      // The empty tensor the reduction reads instead (its shape, for the
      // loops): the gather's sizes through the unit reshape.
      Location loc = producer.getLoc();
      rewriter.setInsertionPoint(op);
      Value init = producer.getDpsInitOperand(0)->get();
      auto initEmpty = init.getDefiningOp<tensor::EmptyOp>();
      SmallVector<OpFoldResult> pSizes = initEmpty ? initEmpty.getMixedSizes()
                                                   : tensor::getMixedSizes(rewriter, loc, init);
      SmallVector<OpFoldResult> sizes(readType.getRank(), rewriter.getIndexAttr(1));
      for (auto [p, d] : llvm::enumerate(pDim))
        if (d >= 0)
          sizes[d] = pSizes[p];
      Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, readType.getElementType());

      Block *body = op.getBody();
      rewriter.setInsertionPointToStart(body);
      SmallVector<Value> at;
      for (AffineExpr e : map.getResults()) {
        if (auto d = dyn_cast<AffineDimExpr>(e))
          at.push_back(linalg::IndexOp::create(rewriter, loc, d.getPosition()));
        else
          at.push_back(arith::ConstantIndexOp::create(
              rewriter, loc, cast<AffineConstantExpr>(e).getValue()));
      }
      Value zero;
      IRMapping mapping;
      Value element = cloneElement(rewriter, producer, mapping, [&](unsigned p) {
        if (pDim[p] >= 0)
          return at[pDim[p]];
        if (!zero)
          zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
        return zero;
      });
      BlockArgument arg = op.getMatchingBlockArgument(in);
      rewriter.modifyOpInPlace(op, [&] {
        arg.replaceAllUsesWith(element);
        in->set(empty);
      });
      return success();
    }
    return rewriter.notifyMatchFailure(op, "no gather read");
  }
};
} // namespace

void arrayc::populateFuseElementwisePatterns(RewritePatternSet &patterns, bool recompute) {
  MLIRContext *ctx = patterns.getContext();
  if (recompute)
    patterns.add<DuplicateCheapProducer, InlineProducerAtExtract>(ctx);
  patterns.add<InlineGatherIntoReduction>(ctx);
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
