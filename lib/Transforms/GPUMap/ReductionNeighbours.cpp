//===- ReductionNeighbours.cpp - a reduction's fill and epilogue folded ---===//
//
// Before any reduction is lowered, the fill of its output just before it
// and (for a full reduction) a 0-d elementwise op on its result just after
// it are folded into its kernels: each saves a launch. What was folded is
// recorded in FoldedNeighbours, which the reductions' lowerings read when
// they store a result (storeReductionResult).
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"

namespace arrayc::gpumap {

/// The nearest op before (`forward` false) or after `op` in its block that
/// is not an allocation or an op without memory effects and regions.
static Operation *neighbour(Operation *op, bool forward) {
  for (Operation *o = forward ? op->getNextNode() : op->getPrevNode(); o;
       o = forward ? o->getNextNode() : o->getPrevNode())
    if (!isa<memref::AllocOp>(o) && !(o->getNumRegions() == 0 && isMemoryEffectFree(o)))
      return o;
  return nullptr;
}

/// Folds the fill of `op`'s output just before it (a generic with no
/// buffer inputs writing the whole output with a constant) into `op`: the
/// fill moves right before `op` under `if (reduction size == 0)` (an empty
/// reduction still gives the fill's value) and `op`'s kernels combine with
/// the constant instead of loading the output. For a full reduction (no
/// parallel loops) a following 0-d generic reading its result becomes part
/// of its stage 2. Each saves a launch.
void foldIntoReduction(linalg::GenericOp op, FoldedNeighbours &folds) {
  Value out = op.getDpsInits()[0];
  // True when the reduction is empty (its kernels launch nothing).
  Value empty;
  auto isEmpty = [&] {
    if (empty)
      return empty;
    OpBuilder b(op);
    Location loc = op.getLoc();
    SmallVector<Value> redSizes;
    auto ranges = cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
    for (auto [r, it] : llvm::zip(ranges, op.getIteratorTypesArray()))
      if (it == utils::IteratorType::reduction)
        redSizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
    empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, product(b, loc, redSizes),
                                  cIndex(b, loc, 0));
    return empty;
  };
  // The kernels must not read the accumulator as an input (they would see
  // it unfilled).
  bool readsOut = llvm::any_of(op.getDpsInputs(), [&](Value v) {
    return isa<MemRefType>(v.getType()) && baseBuffer(v) == baseBuffer(out);
  });
  auto fill = dyn_cast_or_null<linalg::GenericOp>(neighbour(op, /*forward=*/false));
  if (!readsOut && fill && fill.getNumDpsInits() == 1 && fill.getDpsInits()[0] == out &&
      fill.getNumReductionLoops() == 0 &&
      fill.getMatchingIndexingMap(fill.getDpsInitOperand(0)).isIdentity() &&
      llvm::none_of(fill.getDpsInputs(),
                    [](Value v) { return isa<MemRefType>(v.getType()); })) {
    Value yielded = fill.getRegion().front().getTerminator()->getOperand(0);
    if (auto cst = yielded.getDefiningOp<arith::ConstantOp>();
        cst && cst->getParentRegion() != &fill.getRegion()) {
      OpBuilder b(op);
      auto ifOp = likely(scf::IfOp::create(b, op.getLoc(), isEmpty(), /*withElse=*/false), false);
      fill->moveBefore(ifOp.getThenRegion().front().getTerminator());
      folds.initValues[op] = cst;
    }
  }
  if (op.getNumParallelLoops() != 0)
    return;
  auto epilogue = dyn_cast_or_null<linalg::GenericOp>(neighbour(op, /*forward=*/true));
  if (!epilogue || epilogue.getNumLoops() != 0 || !epilogue.hasPureBufferSemantics() ||
      !llvm::is_contained(epilogue.getDpsInputs(), out) ||
      !epilogue.getRegion().front().getOps<linalg::IndexOp>().empty())
    return;
  for (Value init : epilogue.getDpsInits())
    if (init == out || llvm::is_contained(op.getDpsInputs(), init))
      return;
  // Stage 2 computes it, so the reduction moves down to it (only
  // allocations and ops without memory effects sit between: the epilogue's
  // output may be allocated there). An empty reduction launches no stage
  // 2, so a copy runs (as its own kernel) in that case only. The emptiness
  // test is built where the reduction stood, before it moves.
  isEmpty();
  op->moveBefore(epilogue);
  OpBuilder b(epilogue);
  auto ifOp = likely(scf::IfOp::create(b, epilogue.getLoc(), isEmpty(), /*withElse=*/false), false);
  b.setInsertionPoint(ifOp.getThenRegion().front().getTerminator());
  b.clone(*epilogue);
  folds.epilogues[op] = epilogue;
  folds.epilogueOf.insert(epilogue);
}

/// Stores combine(total, output's old value, or the folded fill's value)
/// at `outIdx`, then the folded epilogue's outputs from it, if any.
void storeReductionResult(const MapContext &ctx, OpBuilder &kb, Location loc, linalg::GenericOp op,
                          const Combiner &combiner, Value total, ArrayRef<Value> outIdx) {
  Value out = op.getDpsInits()[0];
  Value init = ctx.folds->initValues.lookup(op);
  if (!init)
    init = memref::LoadOp::create(kb, loc, out, outIdx);
  Value result = combine(kb, combiner, total, init);
  memref::StoreOp::create(kb, loc, result, out, outIdx);
  linalg::GenericOp epilogue = ctx.folds->epilogues.lookup(op);
  if (!epilogue)
    return;
  SmallVector<Value> inputs;
  for (Value v : epilogue.getDpsInputs())
    inputs.push_back(v == out ? result
                     : isa<MemRefType>(v.getType())
                         ? Value(memref::LoadOp::create(kb, loc, v, ValueRange{}))
                         : v);
  for (auto [init2, y] : llvm::zip(epilogue.getDpsInits(), cloneBody(kb, epilogue, inputs, {})))
    memref::StoreOp::create(kb, loc, y, init2, ValueRange{});
}
} // namespace arrayc::gpumap
