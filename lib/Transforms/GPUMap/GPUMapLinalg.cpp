//===- GPUMapLinalg.cpp - linalg.generic on memrefs to gpu.launch ---------===//
//
// The pass arrayc-gpu-map-linalg (see Passes.td for the mapping): phases in
// a fixed order over each function, then one KernelConfig choice and one
// strategy lowering per remaining generic.
//
// It walks and dispatches rather than running rewrite patterns because
// its phases depend on one another's order, not on a fixed point: scan
// loops are lowered before loop sinking (which would take them), row
// groups are formed over whole blocks before their members could be mapped
// one by one, reductions fold their neighbouring fill and epilogue before
// any of the three is lowered, and the ops of a row group's fallback are
// mapped in the last phase. A pattern driver would apply these in an order
// of its own.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"
#include "Transforms/GPUMap/Strategies.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace arrayc {
#define GEN_PASS_DEF_GPUMAPLINALG
#include "Transforms/Passes.h.inc"
} // namespace arrayc

namespace arrayc::gpumap {
namespace {

/// Lowers `op` with the strategy `config` names.
void lowerOp(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
             ArrayRef<Value> sizes, const KernelConfig &config) {
  switch (config.strategy) {
  case Strategy::Transpose:
    return lowerTranspose(ctx, b, loc, op, sizes);
  case Strategy::Elementwise:
    return lowerElementwise(ctx, b, loc, op, sizes, config.vectorWidth);
  case Strategy::BroadcastVector:
    return lowerBroadcastVector(ctx, b, loc, op, sizes, config.vectorWidth);
  case Strategy::ThreadPerOutput:
  case Strategy::BlockReduction:
    return lowerReduction(ctx, b, loc, op, sizes, config);
  case Strategy::ArgReduction:
    return lowerArgReduction(ctx, b, loc, op, sizes, config.argKind, config.argIndexOutput);
  case Strategy::Sequential:
    return lowerSequential(ctx, b, loc, op, sizes);
  }
  llvm_unreachable("unknown strategy");
}

/// Maps one generic: its strategy, lowered with 64-bit or 32-bit index
/// arithmetic, or both behind a run-time check of the point count.
void mapOp(const MapContext &ctx, linalg::GenericOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes;
  for (Range r : cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
  KernelConfig config = selectKernelConfig(op, ctx.blockSize);
  switch (config.indexWidth) {
  case IndexWidth::Wide:
    lowerOp(ctx, b, loc, op, sizes, config);
    break;
  case IndexWidth::Narrow:
    lowerOp(ctx.withNarrowIndex(true), b, loc, op, sizes, config);
    break;
  case IndexWidth::ByRunTimeCheck: {
    Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                       product(b, loc, sizes), cIndex(b, loc, kNarrowMax));
    auto ifOp = scf::IfOp::create(b, loc, fits, /*withElse=*/true);
    OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    lowerOp(ctx.withNarrowIndex(true), tb, loc, op, sizes, config);
    OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    lowerOp(ctx, eb, loc, op, sizes, config);
    break;
  }
  }
}

LogicalResult mapFunction(const MapContext &ctx, FoldedNeighbours &folds, func::FuncOp fn,
                          bool fuse) {
  // Loops of elementwise steps (scans) first, then row groups; their
  // fallbacks are mapped one generic at a time below.
  SmallVector<scf::ForOp> loops;
  fn.walk([&](scf::ForOp loop) {
    if (!loop->getParentOfType<gpu::LaunchOp>())
      loops.push_back(loop);
  });
  // Without `fuse`: one kernel per generic (scans keep their algorithm).
  for (scf::ForOp loop : loops) {
    if (std::optional<ScanLoop> scan = matchScanLoop(loop, ctx.blockSize))
      lowerScan(ctx, loop, *scan); // keeps `loop` for short rows
    else
      lowerOuterScan(ctx, loop); // keeps `loop` for a single chunk
    if (fuse)
      sinkLoopIntoKernel(ctx, loop);
  }
  // Loops of scalar steps next (what the scans left: their short-row loops
  // too). The deallocation helper's loops read host arrays, on the host.
  if (fuse && !isDeallocHelper(fn))
    runScalarLoopsOnDevice(ctx, fn);
  SmallVector<SmallVector<linalg::GenericOp>> groups;
  if (fuse)
    fn.walk([&](Block *block) { formRowGroups(*block, groups); });
  for (auto &group : groups)
    lowerRowGroup(ctx, group);
  SmallVector<linalg::GenericOp> reductions;
  fn.walk([&](linalg::GenericOp op) {
    if (!op->getParentOfType<gpu::LaunchOp>() && op.hasPureBufferSemantics() &&
        op.getNumReductionLoops() > 0 && matchCombiner(op))
      reductions.push_back(op);
  });
  if (fuse)
    for (linalg::GenericOp op : reductions)
      foldIntoReduction(op, folds);
  SmallVector<linalg::GenericOp> ops;
  fn.walk([&](linalg::GenericOp op) {
    if (!op->getParentOfType<gpu::LaunchOp>() && !folds.epilogueOf.count(op))
      ops.push_back(op);
  });
  for (linalg::GenericOp op : ops) {
    if (!op.hasPureBufferSemantics()) {
      return op.emitOpError(
          "arrayc-gpu-map-linalg expects buffer semantics (run bufferization first)");
    }
    mapOp(ctx, op);
    if (linalg::GenericOp epilogue = folds.epilogues.lookup(op)) {
      folds.epilogueOf.erase(epilogue);
      epilogue.erase();
    }
    folds.epilogues.erase(op);
    folds.initValues.erase(op);
    op.erase();
  }
  return success();
}

struct GPUMapLinalgPass : arrayc::impl::GPUMapLinalgBase<GPUMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    FoldedNeighbours folds;
    MapContext ctx;
    ctx.module = getOperation();
    ctx.blockSize = blockSize;
    ctx.maxBlocks = maxBlocks;
    ctx.folds = &folds;
    for (auto fn : llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>()))
      if (failed(mapFunction(ctx, folds, fn, fuse)))
        return signalPassFailure();
  }
};

} // namespace
} // namespace arrayc::gpumap
