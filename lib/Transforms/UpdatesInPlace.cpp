//===- UpdatesInPlace.cpp - updates that read the element they write ------===//
//
// See Passes.td (arrayc-updates-in-place).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_UPDATESINPLACE
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// The constant or value `ofr` as an index value equal to `v`.
bool sameOffset(OpFoldResult ofr, Value v) {
  if (auto val = dyn_cast<Value>(ofr))
    return val == v;
  return false;
}

/// Whether `e` is `d_i + off` (or `d_i` for a zero offset).
bool isShiftedDim(AffineExpr e, unsigned i, OpFoldResult off) {
  std::optional<int64_t> c = getConstantIntValue(off);
  if (!c)
    return false;
  if (*c == 0)
    return e == getAffineDimExpr(i, e.getContext());
  return e == getAffineDimExpr(i, e.getContext()) + *c;
}

/// Whether the index `idx` of a tensor.extract in the body is
/// `linalg.index i` plus the offset `off`.
bool isShiftedIndex(Value idx, unsigned i, OpFoldResult off) {
  auto isIndex = [&](Value v) {
    auto li = v.getDefiningOp<linalg::IndexOp>();
    return li && li.getDim() == i;
  };
  std::optional<int64_t> c = getConstantIntValue(off);
  if (c && *c == 0)
    return isIndex(idx);
  auto add = idx.getDefiningOp<arith::AddIOp>();
  if (!add)
    return false;
  for (auto [x, y] : {std::pair{add.getLhs(), add.getRhs()}, std::pair{add.getRhs(), add.getLhs()}}) {
    if (!isIndex(x))
      continue;
    std::optional<int64_t> cy = getConstantIntValue(y);
    if ((c && cy && *c == *cy) || sameOffset(off, y))
      return true;
  }
  return false;
}

/// `tensor.insert_slice (linalg.generic outs(tensor.empty)) into %d[offsets]`
/// where the generic reads %d only at the element it produces (an input with
/// the map `d_i + offset_i`, or `tensor.extract %d[linalg.index i + offset_i]`
/// in its body): the generic computes into `extract_slice %d[offsets]` and
/// reads those elements as its output's, so bufferization updates %d's
/// window in place instead of filling a temporary and copying it in.
struct ReadDestinationAsOutput : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp ins,
                                PatternRewriter &rewriter) const override {
    // One result of the generic (siblings merged by arrayc-merge-siblings
    // have several, each computed into its own output).
    auto gen = ins.getSource().getDefiningOp<linalg::GenericOp>();
    if (!gen || !ins.getSource().hasOneUse() || gen.getNumReductionLoops() != 0 ||
        !gen.hasPureTensorSemantics())
      return failure();
    OpOperand *init = gen.getDpsInitOperand(cast<OpResult>(ins.getSource()).getResultNumber());
    if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
        !gen.getMatchingIndexingMap(init).isIdentity())
      return failure();
    Value dest = ins.getDest();
    auto srcType = cast<RankedTensorType>(ins.getSourceType());
    if (srcType.getRank() != ins.getDestType().getRank() ||
        !llvm::all_of(ins.getMixedStrides(), isOneInteger))
      return failure();
    SmallVector<OpFoldResult> offsets = ins.getMixedOffsets();
    unsigned rank = srcType.getRank();
    // Every read of the destination must be at the produced element.
    SmallVector<OpOperand *> sameInputs;
    for (OpOperand *in : gen.getDpsInputOperands()) {
      if (in->get() != dest)
        continue;
      AffineMap m = gen.getMatchingIndexingMap(in);
      if (m.getNumResults() != rank)
        return failure();
      for (unsigned i = 0; i < rank; ++i)
        if (!isShiftedDim(m.getResult(i), i, offsets[i]))
          return failure();
      sameInputs.push_back(in);
    }
    SmallVector<tensor::ExtractOp> sameExtracts;
    WalkResult walk = gen.getRegion().walk([&](tensor::ExtractOp ex) {
      if (ex.getTensor() != dest)
        return WalkResult::advance();
      if (ex.getIndices().size() != rank)
        return WalkResult::interrupt();
      for (unsigned i = 0; i < rank; ++i)
        if (!isShiftedIndex(ex.getIndices()[i], i, offsets[i]))
          return WalkResult::interrupt();
      sameExtracts.push_back(ex);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted() || (sameInputs.empty() && sameExtracts.empty()))
      return failure();
    // Any other use of the destination inside the body (a region capture)
    // would read it elsewhere.
    for (OpOperand &use : dest.getUses())
      if (gen->isProperAncestor(use.getOwner()) &&
          !llvm::any_of(sameExtracts, [&](tensor::ExtractOp e) { return e == use.getOwner(); }))
        return failure();

    // The window is taken right before the generic: the insertion's
    // offsets and sizes must be defined there already.
    DominanceInfo dom(gen->getParentOfType<FunctionOpInterface>());
    for (Value v : ins->getOperands().drop_front(2))
      if (!dom.properlyDominates(v, gen))
        return failure();
    rewriter.setInsertionPoint(gen);
    Value window = tensor::ExtractSliceOp::create(rewriter, ins.getLoc(), srcType, dest,
                                                  offsets, ins.getMixedSizes(),
                                                  ins.getMixedStrides());
    Block &body = gen.getRegion().front();
    BlockArgument out = body.getArgument(init->getOperandNumber());
    rewriter.modifyOpInPlace(gen, [&] {
      init->set(window);
      for (OpOperand *in : sameInputs)
        body.getArgument(in->getOperandNumber()).replaceAllUsesWith(out);
    });
    for (tensor::ExtractOp ex : sameExtracts)
      rewriter.replaceOp(ex, out);
    return success();
  }
};

/// The runtime's checks (bounds of an index, sizes): calls the frontend
/// places after the value an assignment stores, as Python evaluates it.
bool isCheck(Operation *op) { return arrayc::isRuntimeCheck(op); }

/// Moves each check above the run of side-effect-free ops before it (the
/// ops of that run computing its operands move with it). Computing an update in its window, here
/// or in eliminate-empty-tensors, moves the window's index arithmetic above
/// the stored value's computation, which then writes memory where it was:
/// before the check of that index (`B[i] = A[i - 1] + A[i + 1]` would write
/// past B's end, then report). Only pure ops are passed, so checks keep
/// their order among themselves and with every effect.
void checksFirst(ModuleOp module) {
  SmallVector<Operation *> checks;
  module.walk([&](Operation *op) {
    if (isCheck(op))
      checks.push_back(op);
  });
  for (Operation *check : checks) {
    Operation *first = check;
    while (Operation *prev = first->getPrevNode()) {
      if (!isMemoryEffectFree(prev))
        break;
      first = prev;
    }
    // The ops of [first, check) the check reads, transitively (their
    // nested regions' reads included): they move up with it, in order.
    llvm::SmallPtrSet<Operation *, 16> needed{check};
    for (Operation *op = check->getPrevNode(); op && op != first->getPrevNode();
         op = op->getPrevNode()) {
      bool used = llvm::any_of(op->getUsers(), [&](Operation *user) {
        Operation *inBlock = check->getBlock()->findAncestorOpInBlock(*user);
        return inBlock && needed.contains(inBlock);
      });
      if (used)
        needed.insert(op);
    }
    Operation *anchor = first;
    while (anchor != check && needed.contains(anchor))
      anchor = anchor->getNextNode();
    if (anchor == check)
      continue;
    for (Operation *op = anchor->getNextNode(), *next = nullptr; op; op = next) {
      next = op == check ? nullptr : op->getNextNode();
      if (needed.contains(op))
        op->moveBefore(anchor);
    }
  }
}

/// A function that writes its argument starts with the argument "written
/// onto itself" (`materialize_in_destination %a in %a`, GenAlias.cpp). Once
/// inlined into a caller that passes a constant (`b = np.zeros(10)` folded
/// to a splat), that destination is a read-only global: bufferization
/// refuses it. The update then works on a fresh copy of the constant.
struct WritableConstantDestination
    : OpRewritePattern<bufferization::MaterializeInDestinationOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(bufferization::MaterializeInDestinationOp op,
                                PatternRewriter &rewriter) const override {
    Value dest = op.getDest();
    if (op.getSource() != dest || !isa<RankedTensorType>(dest.getType()))
      return failure();
    Value root = dest;
    while (auto cast = root.getDefiningOp<tensor::CastOp>())
      root = cast.getSource();
    if (!root.getDefiningOp<arith::ConstantOp>())
      return failure();
    rewriter.replaceOpWithNewOp<bufferization::AllocTensorOp>(
        op, cast<RankedTensorType>(dest.getType()), ValueRange{}, dest);
    return success();
  }
};

struct UpdatesInPlacePass : arrayc::impl::UpdatesInPlaceBase<UpdatesInPlacePass> {
  void runOnOperation() override {
    checksFirst(getOperation());
    RewritePatternSet patterns(&getContext());
    patterns.add<ReadDestinationAsOutput, WritableConstantDestination>(&getContext());
    // Drops the inputs that are read no more.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
