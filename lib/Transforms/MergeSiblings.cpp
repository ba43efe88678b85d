//===- MergeSiblings.cpp - elementwise siblings as one multi-result op ----===//
//
// See Passes.td (arrayc-merge-siblings).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Fusion.h"
#include "Transforms/Passes.h"

#include "ndarray/NDArray.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/RegionUtils.h"

namespace arrayc {
#define GEN_PASS_DEF_MERGESIBLINGS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// Whether `op` may be merged with a sibling: an elementwise generic on
/// tensors (every loop parallel, identity output maps, every map a projected
/// permutation that is not a transposition: the transpose kernels take
/// those), whose body has no effects, outside scan loops, which reads no
/// result of a reduction or contraction (row groups and GEMM epilogues match
/// those one op at a time).
bool mergeable(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != 0)
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (op.isDpsInit(&operand) ? !map.isIdentity()
                               : !map.isProjectedPermutation() ||
                                     (map.isPermutation() && !map.isIdentity()))
      return false;
    if (auto producer = operand.get().getDefiningOp<linalg::LinalgOp>())
      if (producer.getNumReductionLoops() != 0)
        return false;
  }
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->hasAttr(arrayc::ndarray::kScanAttrName))
      return false;
  WalkResult effects = op.getRegion().walk([](Operation *inner) {
    return isa<linalg::YieldOp>(inner) || isMemoryEffectFree(inner) ? WalkResult::advance()
                                                                    : WalkResult::interrupt();
  });
  return !effects.wasInterrupted();
}

/// Whether `a` and `b` have the same loops: both read one array at every
/// point with the identity map (its shape is both ops' loop ranges). That
/// shared read is also what merging saves.
bool sameLoopsAndSharedInput(linalg::GenericOp a, linalg::GenericOp b) {
  if (a.getNumLoops() != b.getNumLoops())
    return false;
  for (OpOperand *x : a.getDpsInputOperands()) {
    if (!a.getMatchingIndexingMap(x).isIdentity())
      continue;
    for (OpOperand *y : b.getDpsInputOperands())
      if (y->get() == x->get() && b.getMatchingIndexingMap(y).isIdentity())
        return true;
  }
  return false;
}

/// Whether `v` is defined before `first`, or by ops without effects or
/// regions between `first` and `later` (the `tensor.empty` of `later`'s
/// output, the `tensor.dim` it takes its size from) whose operands are, in
/// turn; those ops are added to `hoist`, operands first.
bool availableAt(Value v, Operation *first, DominanceInfo &dom,
                 llvm::SetVector<Operation *> &hoist, unsigned depth = 0) {
  if (dom.properlyDominates(v, first))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != first->getBlock() || depth > 4 ||
      def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  if (hoist.contains(def))
    return true;
  for (Value operand : def->getOperands())
    if (!availableAt(operand, first, dom, hoist, depth + 1))
      return false;
  hoist.insert(def);
  return true;
}

/// Whether `later` (after `first` in their block) may run at `first`'s
/// place: nothing between them has effects (a size or bounds check that
/// `later`'s reads wait for, a call), and `later` reads nothing computed
/// from `first`'s results: every operand and every value its body captures
/// is defined before `first`, or by ops `hoist` gets to move above it.
bool independentOf(linalg::GenericOp later, linalg::GenericOp first, DominanceInfo &dom,
                   llvm::SetVector<Operation *> &hoist) {
  for (Operation *op = first->getNextNode(); op != later; op = op->getNextNode())
    if (!isMemoryEffectFree(op))
      return false;
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(later.getRegion(), used);
  used.insert(later->getOperands().begin(), later->getOperands().end());
  return llvm::all_of(used, [&](Value v) { return availableAt(v, first, dom, hoist); });
}

/// One generic computing `a`'s and `b`'s results, at `a`'s place: `a`'s
/// inputs and those of `b`'s it does not read at the same map already, the
/// outputs of both, their bodies one after the other (CSE then merges what
/// both compute), the yields concatenated.
linalg::GenericOp merge(RewriterBase &rewriter, linalg::GenericOp a, linalg::GenericOp b) {
  SmallVector<Value> inputs(a.getDpsInputs()), inits(a.getDpsInits());
  SmallVector<AffineMap> inputMaps, initMaps;
  for (OpOperand *in : a.getDpsInputOperands())
    inputMaps.push_back(a.getMatchingIndexingMap(in));
  // Position in the merged inputs of each of b's.
  SmallVector<unsigned> bInputAt;
  for (OpOperand *in : b.getDpsInputOperands()) {
    AffineMap m = b.getMatchingIndexingMap(in);
    unsigned at = 0;
    while (at < inputs.size() && !(inputs[at] == in->get() && inputMaps[at] == m))
      ++at;
    if (at == inputs.size()) {
      inputs.push_back(in->get());
      inputMaps.push_back(m);
    }
    bInputAt.push_back(at);
  }
  // Each output its own tensor: an empty tensor both ops were given (CSE
  // made one of theirs) is made again for b, so that bufferization, or an
  // update computed in its destination (arrayc-updates-in-place), gives each
  // result its own buffer without a copy.
  for (Value init : b.getDpsInits()) {
    auto empty = init.getDefiningOp<tensor::EmptyOp>();
    if (empty && llvm::is_contained(inits, init)) {
      rewriter.setInsertionPoint(a);
      init = rewriter.clone(*empty)->getResult(0);
    }
    inits.push_back(init);
  }
  for (OpOperand &out : a.getDpsInitsMutable())
    initMaps.push_back(a.getMatchingIndexingMap(&out));
  for (OpOperand &out : b.getDpsInitsMutable())
    initMaps.push_back(b.getMatchingIndexingMap(&out));
  SmallVector<AffineMap> maps(inputMaps);
  llvm::append_range(maps, initMaps);
  SmallVector<Type> types(a->getResultTypes());
  llvm::append_range(types, b->getResultTypes());

  rewriter.setInsertionPoint(a);
  auto merged = linalg::GenericOp::create(rewriter, a.getLoc(), types, inputs, inits, maps,
                                          a.getIteratorTypesArray());
  Block *body = rewriter.createBlock(&merged.getRegion());
  SmallVector<Type> argTypes;
  for (Value v : llvm::concat<Value>(inputs, inits))
    argTypes.push_back(getElementTypeOrSelf(v.getType()));
  body->addArguments(argTypes, SmallVector<Location>(argTypes.size(), a.getLoc()));

  // Block arguments: the merged inputs, then a's outputs, then b's.
  unsigned nIn = inputs.size(), aOut = a.getNumDpsInits();
  IRMapping map;
  SmallVector<Value> yields;
  auto cloneBody = [&](linalg::GenericOp op, function_ref<unsigned(unsigned)> inputAt,
                       unsigned outAt) {
    Block &old = op.getRegion().front();
    for (unsigned i = 0, e = op.getNumDpsInputs(); i < e; ++i)
      map.map(old.getArgument(i), body->getArgument(inputAt(i)));
    for (unsigned i = 0, e = op.getNumDpsInits(); i < e; ++i)
      map.map(old.getArgument(op.getNumDpsInputs() + i), body->getArgument(outAt + i));
    for (Operation &inner : old.without_terminator())
      rewriter.clone(inner, map);
    for (Value y : old.getTerminator()->getOperands())
      yields.push_back(map.lookupOrDefault(y));
  };
  cloneBody(a, [](unsigned i) { return i; }, nIn);
  cloneBody(b, [&](unsigned i) { return bInputAt[i]; }, nIn + aOut);
  linalg::YieldOp::create(rewriter, a.getLoc(), yields);

  rewriter.replaceOp(a, merged->getResults().take_front(aOut));
  rewriter.replaceOp(b, merged->getResults().drop_front(aOut));
  return merged;
}

/// Merges the mergeable siblings of `block`'s generics, each into the first
/// one it may join; returns the merged ops.
SmallVector<linalg::GenericOp> mergeInBlock(RewriterBase &rewriter, Block &block,
                                            DominanceInfo &dom) {
  SmallVector<linalg::GenericOp> candidates, merged;
  for (Operation &op : block)
    if (auto g = dyn_cast<linalg::GenericOp>(op); g && mergeable(g))
      candidates.push_back(g);
  for (unsigned i = 0; i < candidates.size(); ++i) {
    linalg::GenericOp first = candidates[i];
    if (!first)
      continue;
    bool grew = false;
    for (unsigned j = i + 1; j < candidates.size(); ++j) {
      linalg::GenericOp later = candidates[j];
      llvm::SetVector<Operation *> hoist;
      if (!later || !sameLoopsAndSharedInput(first, later) ||
          !independentOf(later, first, dom, hoist) ||
          arrayc::descriptorBytes({first, later}) > arrayc::kMaxDescriptorBytes)
        continue;
      for (Operation *op : hoist)
        rewriter.moveOpBefore(op, first);
      first = merge(rewriter, first, later);
      candidates[j] = nullptr;
      grew = true;
    }
    if (grew)
      merged.push_back(first);
  }
  return merged;
}

struct MergeSiblings : arrayc::impl::MergeSiblingsBase<MergeSiblings> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      if (llvm::count_if(*block, [](Operation &op) { return isa<linalg::GenericOp>(op); }) > 1)
        blocks.push_back(block);
    });
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::GenericOp> merged;
    // Merging adds no block and moves no op across blocks: the analysis
    // stays valid (order within a block is asked of the ops themselves).
    DominanceInfo dom(getOperation());
    for (Block *block : blocks)
      llvm::append_range(merged, mergeInBlock(rewriter, *block, dom));
    if (merged.empty())
      return;
    // One value per computation in each merged body: what both bodies
    // compute from the inputs they share.
    for (linalg::GenericOp op : merged)
      eliminateCommonSubExpressions(rewriter, dom, op);
  }
};

} // namespace
