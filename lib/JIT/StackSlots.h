//===- StackSlots.h - no stack growth in loops ------------------*- C++ -*-===//
#ifndef ARRAYC_JIT_STACKSLOTS_H
#define ARRAYC_JIT_STACKSLOTS_H

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace arrayc::jit {

/// Moves every fixed-size `alloca` of `module` to the entry block of its
/// function, as clang places them. The lowering leaves allocas where their
/// ops were -- descriptors of unranked memrefs handed to runtime calls,
/// `memrefCopy`'s operands, the deallocation helper's arrays, GEMM plans,
/// and (added by the translation of `gpu.launch_func`) kernel parameter
/// arrays -- and one inside a loop takes a new stack slot every iteration
/// until the function returns: the stack grew with the trip count (SIGSEGV
/// at n = 2000 in LU-style loops under the default 8 MB stack). Each such
/// slot is used within one iteration, so one slot serves them all, and
/// SROA can then promote it. An alloca of run-time size outside the entry
/// block (the compiler emits none) is an internal error, not code that
/// can overflow the stack.
llvm::Error hoistStackSlots(llvm::Module &module);

} // namespace arrayc::jit

#endif // ARRAYC_JIT_STACKSLOTS_H
