//===- ReassociateSums.cpp - float sums may be summed in any order --------===//
//
// See Passes.td (arrayc-reassociate-sums).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

namespace arrayc {
#define GEN_PASS_DEF_REASSOCIATESUMS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

struct ReassociateSumsPass : arrayc::impl::ReassociateSumsBase<ReassociateSumsPass> {
  void runOnOperation() override {
    getOperation().walk([](linalg::GenericOp op) {
      if (op.getNumReductionLoops() == 0)
        return;
      Block *body = op.getBody();
      auto yield = cast<linalg::YieldOp>(body->getTerminator());
      for (auto [i, out] : llvm::enumerate(op.getDpsInitsMutable())) {
        BlockArgument acc = op.getMatchingBlockArgument(&out);
        auto add = yield.getOperand(i).getDefiningOp<arith::AddFOp>();
        if (!add || add->getBlock() != body ||
            (add.getLhs() != acc && add.getRhs() != acc) || !acc.hasOneUse())
          continue;
        add.setFastmath(add.getFastmath() | arith::FastMathFlags::reassoc);
      }
    });
  }
};

} // namespace
