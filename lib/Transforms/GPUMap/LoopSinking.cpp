//===- LoopSinking.cpp - host loops of elementwise steps into one kernel --===//
//
// A host scf.for whose body is elementwise generics on views that give each
// point of the steps' iteration space its own elements in every step (a
// scan: step k combines x[..., k, ...] into the running total and writes
// out[..., k, ...]). Each point's steps then depend only on that point, so
// one kernel runs them: a thread per point, the loop inside, instead of one
// launch per step.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"

#include "mlir/IR/IRMapping.h"

namespace arrayc::gpumap {

void sinkLoopIntoKernel(const MapContext &ctx, scf::ForOp loop) {
  if (loop.getNumResults() != 0)
    return;
  SmallVector<linalg::GenericOp> steps;
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  for (Operation &o : loop.getBody()->without_terminator()) {
    if (auto g = dyn_cast<linalg::GenericOp>(o)) {
      if (!g.hasPureBufferSemantics() || g.getNumReductionLoops() != 0 ||
          !llvm::all_of(g.getIndexingMapsArray(),
                        [](AffineMap m) { return m.isIdentity(); }))
        return;
      steps.push_back(g);
      continue;
    }
    if (auto a = dyn_cast<memref::AllocOp>(o)) {
      if (!llvm::all_of(a->getOperands(),
                        [&](Value v) { return loop.isDefinedOutsideOfLoop(v); }))
        return;
      allocs.push_back(a); // a temporary of each step: hoisted, one for all
      continue;
    }
    if (auto d = dyn_cast<memref::DeallocOp>(o)) {
      // Its release at the end of each step (the deallocation pipeline):
      // after the loop, once, with the hoisted allocation.
      if (!llvm::any_of(allocs, [&](memref::AllocOp a) { return a.getResult() == d.getMemref(); }))
        return;
      deallocs.push_back(d);
      continue;
    }
    if (isa<memref::SubViewOp>(o) || (o.getNumRegions() == 0 && isMemoryEffectFree(&o)))
      continue;
    return;
  }
  if (steps.empty())
    return;
  unsigned rank = steps[0].getNumLoops();
  auto invariant = [&](Value v) {
    return loop.isDefinedOutsideOfLoop(v) ||
           llvm::any_of(allocs, [&](memref::AllocOp a) { return a.getResult() == v; });
  };
  // Per buffer: used whole (one value) or through subviews dropping one dim.
  llvm::DenseMap<Value, Value> wholeUse;
  llvm::DenseMap<Value, unsigned> droppedUse;
  for (linalg::GenericOp g : steps) {
    if (g.getNumLoops() != rank)
      return;
    for (Value v : g->getOperands()) {
      if (!isa<MemRefType>(v.getType()))
        continue;
      if (invariant(v)) {
        Value base = baseBuffer(v);
        if (droppedUse.count(base) || (wholeUse.count(base) && wholeUse[base] != v))
          return;
        wholeUse[base] = v;
        continue;
      }
      auto sv = v.getDefiningOp<memref::SubViewOp>();
      if (!sv || !invariant(sv.getSource()))
        return;
      std::optional<unsigned> dim = droppedDimOf(sv);
      Value base = baseBuffer(sv.getSource());
      if (!dim || wholeUse.count(base) || base != sv.getSource() ||
          (droppedUse.count(base) && droppedUse[base] != *dim))
        return;
      droppedUse[base] = *dim;
    }
  }
  // Every step's sizes from a loop-invariant operand (identity maps); the
  // IR changes only once the loop is known to qualify.
  SmallVector<Value> wholes;
  for (linalg::GenericOp g : steps) {
    auto it = llvm::find_if(g->getOperands(), [&](Value v) {
      return isa<MemRefType>(v.getType()) && invariant(v);
    });
    if (it == g->getOperands().end())
      return;
    wholes.push_back(*it);
  }
  for (memref::AllocOp a : allocs)
    a->moveBefore(loop);
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  SmallVector<SmallVector<Value>> sizes;
  for (Value whole : wholes) {
    SmallVector<Value> gs;
    for (unsigned d = 0; d < rank; ++d)
      gs.push_back(memref::DimOp::create(b, loc, whole, d));
    sizes.push_back(gs);
  }
  Value same = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (auto &gs : llvm::drop_begin(sizes))
    for (unsigned d = 0; d < rank; ++d)
      same = arith::AndIOp::create(
          b, loc, same,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, gs[d], sizes[0][d]));
  auto ifOp = likely(scf::IfOp::create(b, loc, same, /*withElse=*/true), true);
  OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  emitGridStrideLoop(ctx, tb, loc, product(tb, loc, sizes[0]), [&](OpBuilder &kb, Value point) {
    SmallVector<Value> ivs = delinearize(kb, loc, point, sizes[0]);
    auto inner = scf::ForOp::create(kb, loc, loop.getLowerBound(), loop.getUpperBound(),
                                    loop.getStep());
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(inner.getBody());
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), inner.getInductionVar());
    for (Operation &o : loop.getBody()->without_terminator()) {
      if (isa<memref::DeallocOp>(o))
        continue;
      Operation *clone = kb.clone(o, mapping);
      if (auto step = dyn_cast<linalg::GenericOp>(clone)) {
        storeOutputs(kb, loc, step, ivs, emitBody(kb, loc, step, ivs));
        step.erase();
      }
    }
  });
  loop->moveBefore(ifOp.getElseRegion().front().getTerminator());
  Operation *after = ifOp;
  for (memref::DeallocOp d : deallocs) {
    d->moveAfter(after);
    after = d;
  }
}
} // namespace arrayc::gpumap
