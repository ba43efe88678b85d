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
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace arrayc {
#define GEN_PASS_DEF_BRANCHCHECKS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// A check's message: a global's address cast to an unranked memref, which
/// the LLVM lowering builds as a descriptor on the stack, statement by
/// statement.
bool isMessageProducer(Operation *op) {
  return isa<memref::GetGlobalOp, memref::CastOp>(op) || op->hasTrait<OpTrait::ConstantLike>();
}

/// Erases the message producer `op` once nothing uses it, then its own.
void eraseIfUnused(Operation *op) {
  if (!op || !op->use_empty() || !isMessageProducer(op))
    return;
  SmallVector<Operation *> producers;
  for (Value v : op->getOperands())
    producers.push_back(v.getDefiningOp());
  op->erase();
  for (Operation *p : producers)
    eraseIfUnused(p);
}

/// Gives `op` (moved into a check's failure branch) its own copies of the
/// message producers of its operands, so that the message is made only when
/// the check fails, not on every iteration of a loop; producers left
/// without uses go.
void sinkMessages(Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    Operation *def = operand.get().getDefiningOp();
    if (!def || !isMessageProducer(def) || def->getBlock() == op->getBlock())
      continue;
    OpBuilder b(op);
    Operation *copy = b.clone(*def);
    operand.set(copy->getResult(0));
    sinkMessages(copy);
    eraseIfUnused(def);
  }
}

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
      sinkMessages(call);
    }
  }
};

} // namespace
