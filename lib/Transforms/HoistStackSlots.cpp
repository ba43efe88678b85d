//===- HoistStackSlots.cpp - fixed-size stack slots to the entry block ----===//
//
// A stack slot allocated inside a loop is not released until its function
// returns: the stack then grows with the trip count. Every fixed-size
// llvm.alloca goes to the entry block (one slot, reused by each iteration);
// a dynamically sized one is an error (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

namespace arrayc {
#define GEN_PASS_DEF_HOISTSTACKSLOTS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
struct HoistStackSlotsPass : arrayc::impl::HoistStackSlotsBase<HoistStackSlotsPass> {
  void runOnOperation() override {
    bool failedAny = false;
    getOperation()->walk([&](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      Block &entry = func.getBody().front();
      SmallVector<LLVM::AllocaOp> toHoist;
      func.walk([&](LLVM::AllocaOp alloca) {
        if (alloca->getBlock() == &entry)
          return;
        if (!matchPattern(alloca.getArraySize(), m_Constant())) {
          alloca.emitError("a stack allocation of run-time size outside the "
                           "entry block (it would grow the stack in a loop)");
          failedAny = true;
          return;
        }
        toHoist.push_back(alloca);
      });
      // Each hoisted slot gets its own copy of its constant size at the top
      // of the entry block, so the move never uses a value before its
      // definition.
      OpBuilder b(&entry, entry.begin());
      for (LLVM::AllocaOp alloca : toHoist) {
        Operation *size = alloca.getArraySize().getDefiningOp();
        Operation *sizeCopy = b.clone(*size);
        alloca->moveAfter(sizeCopy);
        b.setInsertionPointAfter(alloca);
        alloca.getArraySizeMutable().assign(sizeCopy->getResult(0));
      }
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
