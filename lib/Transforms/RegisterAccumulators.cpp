//===- RegisterAccumulators.cpp - loop accumulators out of memory ---------===//
//
// See Passes.td (arrayc-register-accumulators).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Buffers.h"
#include "Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace arrayc {
#define GEN_PASS_DEF_REGISTERACCUMULATORS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// Every memref the ops nested in `loop` use, or failure when the loop calls
/// something (a callee may reach any buffer).
FailureOr<SmallVector<Value>> buffersUsed(scf::ForOp loop) {
  SmallVector<Value> used;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<CallOpInterface>(op))
      return WalkResult::interrupt();
    for (Value v : op->getOperands())
      if (isa<MemRefType>(v.getType()))
        used.push_back(v);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return used;
}

/// `store v, m[idx]` in `loop`'s body, after a `load m[idx]` in the same
/// block, with m and idx from outside the loop, m a view of a buffer the
/// function allocates (nothing else can alias it) that no other op of the
/// loop touches through any view: the accumulator can live in a register.
std::pair<memref::LoadOp, memref::StoreOp> findAccumulator(scf::ForOp loop,
                                                           ArrayRef<Value> used) {
  for (auto store : loop.getBody()->getOps<memref::StoreOp>()) {
    Value m = store.getMemRef();
    auto outside = [&](Value v) { return loop.isDefinedOutsideOfLoop(v); };
    if (!outside(m) || !llvm::all_of(store.getIndices(), outside))
      continue;
    Value base = arrayc::baseBuffer(m);
    if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(base.getDefiningOp()))
      continue;
    memref::LoadOp load;
    for (auto l : loop.getBody()->getOps<memref::LoadOp>())
      if (l.getMemRef() == m && llvm::equal(l.getIndices(), store.getIndices()) &&
          l->isBeforeInBlock(store))
        load = l;
    if (!load)
      continue;
    // m once as the load's operand and once as the store's; no other view.
    unsigned uses = 0;
    bool alone = llvm::all_of(used, [&](Value v) {
      if (v == m)
        return ++uses <= 2;
      return arrayc::baseBuffer(v) != base;
    });
    if (alone && uses == 2)
      return {load, store};
  }
  return {};
}

struct RegisterAccumulatorsPass
    : arrayc::impl::RegisterAccumulatorsBase<RegisterAccumulatorsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Post-order: an inner loop's accumulator first, so that the loop
    // around it sees a load before it and a store after it.
    getOperation().walk([&](scf::ForOp loop) {
      while (true) {
        FailureOr<SmallVector<Value>> used = buffersUsed(loop);
        if (failed(used))
          return;
        auto [load, store] = findAccumulator(loop, *used);
        if (!load)
          return;
        loop = promote(rewriter, loop, load, store);
      }
    });
  }

  static scf::ForOp promote(IRRewriter &rewriter, scf::ForOp loop, memref::LoadOp load,
                            memref::StoreOp store) {
    rewriter.setInsertionPoint(loop);
    Value init = memref::LoadOp::create(rewriter, load.getLoc(), load.getMemRef(),
                                        load.getIndices());
    Value stored = store.getValueToStore();
    auto result = loop.replaceWithAdditionalYields(
        rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
          return SmallVector<Value>{stored};
        });
    auto newLoop = cast<scf::ForOp>(result->getOperation());
    Value acc = newLoop.getRegionIterArgs().back();
    rewriter.setInsertionPointAfter(newLoop);
    memref::StoreOp::create(rewriter, store.getLoc(), newLoop.getResults().back(),
                            store.getMemRef(), store.getIndices());
    rewriter.replaceOp(load, acc);
    rewriter.eraseOp(store);
    return newLoop;
  }
};

} // namespace
