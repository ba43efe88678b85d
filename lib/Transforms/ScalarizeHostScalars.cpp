//===- ScalarizeHostScalars.cpp - 0-d arithmetic on host scalars ----------===//
//
// `i + 1`, `n - 1` and the like reach linalg as 0-d generics over
// `tensor.from_elements` of host values. Left alone, the cuda target runs each
// as a one-thread kernel and copies the result back to the host (a launch and
// a synchronization per loop iteration); here they become the scalar ops
// themselves, on the host, on both targets. A host scalar that a generic of
// any rank reads as a 0-d input becomes a value its body uses.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace arrayc {
#define GEN_PASS_DEF_SCALARIZEHOSTSCALARS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// The splat value of a constant 0-d input of integer or float type, or null.
TypedAttr splatScalar(Value input) {
  DenseElementsAttr dense;
  if (!matchPattern(input, m_Constant(&dense)) || !dense.isSplat() ||
      !dense.getElementType().isIntOrIndexOrFloat())
    return nullptr;
  return dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
}

/// True when a 0-d input is a host scalar: a `tensor.from_elements` or an
/// integer or float splat constant.
bool isHostScalar(Value input) {
  return input.getDefiningOp<tensor::FromElementsOp>() || splatScalar(input);
}

/// The host scalar of an input isHostScalar accepts (constants built at
/// `b`'s insertion point).
Value hostScalar(OpBuilder &b, Value input) {
  if (auto from = input.getDefiningOp<tensor::FromElementsOp>())
    return from.getElements().front();
  return arith::ConstantOp::create(b, input.getLoc(), splatScalar(input));
}

struct ScalarizeZeroRankGeneric : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    // Without inputs it is a fill (a reduction's init): the GPU mapping folds
    // those into the reduction's kernel, so they stay generics.
    if (!op.hasPureTensorSemantics() || op.getNumLoops() != 0 || op.getNumDpsInputs() == 0)
      return failure();
    Block *body = op.getBody();
    for (BlockArgument out : op.getRegionOutputArgs())
      if (!out.use_empty())
        return failure(); // reads its init: not a plain computation
    for (Operation &inner : body->without_terminator())
      if (!isa<arith::ArithDialect>(inner.getDialect()) || !isMemoryEffectFree(&inner))
        return failure();
    for (OpOperand *in : op.getDpsInputOperands())
      if (!isHostScalar(in->get()))
        return failure();
    IRMapping map;
    for (OpOperand *in : op.getDpsInputOperands())
      map.map(op.getMatchingBlockArgument(in), hostScalar(rewriter, in->get()));
    for (Operation &inner : body->without_terminator())
      rewriter.clone(inner, map);
    SmallVector<Value> results;
    for (auto [value, result] :
         llvm::zip(body->getTerminator()->getOperands(), op.getResults()))
      results.push_back(tensor::FromElementsOp::create(rewriter, op.getLoc(), result.getType(),
                                                       map.lookupOrDefault(value)));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// A 0-d host scalar read by a generic of any rank (`x * alpha`, a roll's
/// offset) becomes a value the body uses directly; the unused input is then
/// erased. As an operand it was a 0-d tensor, which the cuda target
/// materializes in device memory with a one-thread kernel per scalar before
/// the generic can run.
struct InlineHostScalarInputs : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return failure();
    bool changed = false;
    rewriter.setInsertionPoint(op);
    for (OpOperand *in : op.getDpsInputOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(in);
      if (arg.use_empty() || op.getMatchingIndexingMap(in).getNumResults() != 0 ||
          !isHostScalar(in->get()))
        continue;
      Value scalar = hostScalar(rewriter, in->get());
      rewriter.modifyOpInPlace(op, [&] { arg.replaceAllUsesWith(scalar); });
      changed = true;
    }
    return success(changed);
  }
};

struct ScalarizeHostScalarsPass
    : arrayc::impl::ScalarizeHostScalarsBase<ScalarizeHostScalarsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arrayc::populateScalarizeHostScalarsPatterns(patterns);
    tensor::FromElementsOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::ExtractOp::getCanonicalizationPatterns(patterns, &getContext());
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void arrayc::populateScalarizeHostScalarsPatterns(RewritePatternSet &patterns) {
  patterns.add<ScalarizeZeroRankGeneric, InlineHostScalarInputs>(patterns.getContext());
}
