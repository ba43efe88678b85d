//===- BranchChecks.cpp - runtime checks called only when they fail -------===//
//
// See Passes.td (arrayc-branch-checks).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace arrayc {
#define GEN_PASS_DEF_BRANCHCHECKS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

struct BranchChecksPass : arrayc::impl::BranchChecksBase<BranchChecksPass> {
  void runOnOperation() override {
    SmallVector<func::CallOp> checks;
    getOperation().walk([&](func::CallOp call) {
      if (arrayc::isRuntimeCheck(call) && call.getNumOperands() > 0)
        checks.push_back(call);
    });
    for (func::CallOp call : checks) {
      Value cond = call.getOperand(0);
      if (std::optional<int64_t> c = getConstantIntValue(cond)) {
        if (*c != 0) // always holds
          call.erase();
        continue; // always fails: the call stays where it is
      }
      OpBuilder b(call);
      Location loc = call.getLoc();
      Value failed = arith::XOrIOp::create(
          b, loc, cond, arith::ConstantIntOp::create(b, loc, 1, 1));
      auto branch = scf::IfOp::create(b, loc, failed, /*withElseRegion=*/false);
      call->moveBefore(branch.thenBlock()->getTerminator());
    }
  }
};

} // namespace
