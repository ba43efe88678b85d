//===- StackSlots.cpp - fixed-size allocas to the entry block -------------===//
#include "JIT/StackSlots.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

llvm::Error arrayc::jit::hoistStackSlots(llvm::Module &module) {
  for (llvm::Function &fn : module) {
    if (fn.isDeclaration())
      continue;
    llvm::BasicBlock &entry = fn.getEntryBlock();
    llvm::SmallVector<llvm::AllocaInst *> moved;
    for (llvm::BasicBlock &block : fn) {
      if (&block == &entry)
        continue;
      for (llvm::Instruction &inst : block) {
        auto *alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst);
        if (!alloca)
          continue;
        if (!llvm::isa<llvm::ConstantInt>(alloca->getArraySize()))
          return llvm::createStringError(
              "internal error: a stack allocation of run-time size outside the "
              "entry block of '%s' (it would grow the stack in a loop)",
              fn.getName().str().c_str());
        moved.push_back(alloca);
      }
    }
    // At the top of the entry block, in their order: their sizes are
    // constants, so nothing they use is defined later.
    llvm::BasicBlock::iterator at = entry.getFirstInsertionPt();
    for (llvm::AllocaInst *alloca : moved)
      alloca->moveBefore(entry, at);
  }
  return llvm::Error::success();
}
