//===- CollapseDims.cpp - N-D row and axis operations as 2-D/3-D ones ------===//
//
// See Passes.td (arrayc-collapse-dims). The kernels of the GPU mapping that
// read each row once (row groups: softmax, layernorm) or pick a reduction
// strategy by the innermost axis are written for the loops they see: a
// softmax over the last axis of a 4-D array has three parallel loops before
// its reduced one, which row groups do not take. Collapsing the loops that
// every operand keeps together gives them the (rows, row) and
// (outer, axis, inner) nests they handle, at any rank.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_COLLAPSEDIMS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

/// The value `v` is a view of, through reshapes.
static Value reshapeSource(Value v) {
  while (true) {
    if (auto c = v.getDefiningOp<tensor::CollapseShapeOp>())
      v = c.getSrc();
    else if (auto e = v.getDefiningOp<tensor::ExpandShapeOp>())
      v = e.getSrc();
    else
      return v;
  }
}

/// Whether `op` may have its loops collapsed: a generic on tensors whose
/// maps are projected permutations, without linalg.index (scans and
/// arg-reductions read their positions) and not a contraction or
/// convolution (library calls match those by their loops), outside scan
/// loops. And collapsing costs no copy: no operand is a slice of another
/// array (bufferization copies a collapsed view it cannot prove
/// contiguous), no result is inserted into one (the insertion would no
/// longer be computed in its destination: arrayc-updates-in-place,
/// eliminate-empty-tensors).
static bool collapsible(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.hasIndexSemantics() || op.getNumLoops() < 2 ||
      linalg::isaContractionOpInterface(op) || linalg::isaConvolutionOpInterface(op))
    return false;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isProjectedPermutation(); }))
    return false;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->hasAttr(arrayc::ndarray::kScanAttrName))
      return false;
  for (Value v : op->getOperands())
    if (reshapeSource(v).getDefiningOp<tensor::ExtractSliceOp>())
      return false;
  for (Operation *user : op->getUsers())
    if (isa<tensor::InsertSliceOp, tensor::ParallelInsertSliceOp>(user))
      return false;
  return true;
}

/// Maximal runs of consecutive loops of one iterator type that every
/// indexing map keeps together and in order, left to right: (d0, d1, d2, d3)
/// reducing d3 with an output (d0, d1, d2) gives [[0, 1, 2]]; a reduction of
/// d1 of four loops gives [[2, 3]].
static SmallVector<ReassociationIndices> collapsibleRuns(linalg::GenericOp op) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto iters = op.getIteratorTypesArray();
  SmallVector<ReassociationIndices> runs;
  int64_t n = op.getNumLoops();
  for (int64_t d = 0; d < n;) {
    ReassociationIndices run{d};
    int64_t e = d + 1;
    for (; e < n && iters[e] == iters[d]; ++e) {
      ReassociationIndices longer(run);
      longer.push_back(e);
      if (!linalg::areDimSequencesPreserved(maps, {longer}))
        break;
      run = std::move(longer);
    }
    if (run.size() > 1)
      runs.push_back(run);
    d = e;
  }
  return runs;
}

/// Ops that reduce or broadcast, the ones whose loop structure picks their
/// kernel. Plain elementwise ops (identity maps only) already run as flat
/// streams; they are collapsed only to match a neighbour (below).
static bool reducesOrBroadcasts(linalg::GenericOp op) {
  return op.getNumReductionLoops() > 0 ||
         !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); });
}

void arrayc::populateCollapseDimsPatterns(RewritePatternSet &patterns) {
  // A reshape between two generics folds into the one that would otherwise
  // view its operand or result through it (a fill of a row max's output,
  // an elementwise producer of a collapsed softmax), when that one may be
  // collapsed.
  linalg::ControlFusionFn control = [](OpOperand *operand) {
    Operation *owner = operand->getOwner();
    auto op = dyn_cast<linalg::GenericOp>(owner);
    if (!op && isa<tensor::CollapseShapeOp>(owner))
      op = operand->get().getDefiningOp<linalg::GenericOp>();
    return op && collapsible(op);
  };
  linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns, control);
  MLIRContext *ctx = patterns.getContext();
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
  tensor::populateFoldTensorEmptyPatterns(patterns);
}

namespace {
struct CollapseDims : arrayc::impl::CollapseDimsBase<CollapseDims> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> ops;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (reducesOrBroadcasts(op) && collapsible(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : ops) {
      SmallVector<ReassociationIndices> runs = collapsibleRuns(op);
      if (runs.empty())
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(op, runs, rewriter);
      if (failed(collapsed))
        continue;
      rewriter.replaceOp(op, collapsed->results);
    }
    RewritePatternSet patterns(&getContext());
    arrayc::populateCollapseDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
