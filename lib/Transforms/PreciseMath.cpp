//===- PreciseMath.cpp - log1p and expm1 through libm on the host ----------===//
#include "Transforms/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace arrayc {
#define GEN_PASS_DEF_PRECISEMATH
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
struct PreciseMathPass : arrayc::impl::PreciseMathBase<PreciseMathPass> {
  void runOnOperation() override {
    // math-to-libm's patterns, applied to these two ops only: every other op
    // is legal here (left for convert-math-to-llvm's intrinsics).
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget target(getContext());
    target.addIllegalOp<math::Log1pOp, math::ExpM1Op>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    // Vector or f16 operands have no libm call: they stay (and are legal).
    auto scalar = [](Operation *op) {
      Type t = op->getResult(0).getType();
      return !(t.isF32() || t.isF64());
    };
    target.addDynamicallyLegalOp<math::Log1pOp, math::ExpM1Op>(scalar);
    if (failed(applyPartialConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
