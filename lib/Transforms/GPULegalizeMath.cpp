//===- GPULegalizeMath.cpp - math ops NVVM lowering cannot take -----------===//
#include "Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_GPULEGALIZEMATH
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
struct TruncByFloorCeil : OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op, PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = op.getOperand();
    auto ft = dyn_cast<FloatType>(getElementTypeOrSelf(x.getType()));
    if (!ft || isa<VectorType>(x.getType()))
      return failure();
    Value zero = arith::ConstantOp::create(rewriter, loc, ft, rewriter.getFloatAttr(ft, 0.0));
    Value negative = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x, zero);
    Value up = math::CeilOp::create(rewriter, loc, x);
    Value down = math::FloorOp::create(rewriter, loc, x);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, up, down);
    return success();
  }
};

struct GPULegalizeMathPass : arrayc::impl::GPULegalizeMathBase<GPULegalizeMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<TruncByFloorCeil>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
