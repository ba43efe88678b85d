//===- NumPyReductionTies.cpp - NumPy's tied zero in max/min reductions ---===//
#include "Transforms/Passes.h"

#include "Conversion/NDArrayToLinalg/IntegerSemantics.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_NUMPYREDUCTIONTIES
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
/// `maximumf(x, acc)` (either order) whose `acc` is the output block argument
/// of a reduction generic -> NumPy's `maximum(acc, x)` (floatMaxMin).
template <typename OpTy, bool isMax>
struct ReductionCombiner : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    auto generic = dyn_cast<linalg::GenericOp>(op->getParentOp());
    if (!generic || generic.getNumReductionLoops() == 0)
      return failure();
    auto isAcc = [&](Value v) {
      auto arg = dyn_cast<BlockArgument>(v);
      return arg && arg.getOwner() == generic.getBody() &&
             llvm::is_contained(generic.getRegionOutputArgs(), arg);
    };
    Value lhs = op.getLhs(), rhs = op.getRhs();
    if (!isAcc(lhs) && !isAcc(rhs))
      return failure();
    Value acc = isAcc(lhs) ? lhs : rhs, x = isAcc(lhs) ? rhs : lhs;
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, arrayc::floatMaxMin(rewriter, op.getLoc(), acc, x, isMax));
    return success();
  }
};

struct NumPyReductionTiesPass
    : arrayc::impl::NumPyReductionTiesBase<NumPyReductionTiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ReductionCombiner<arith::MaximumFOp, true>,
                 ReductionCombiner<arith::MinimumFOp, false>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
