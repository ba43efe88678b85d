//===- Elementwise.cpp - all-parallel generics, a grid-stride loop --------===//
//
// Strategy::Elementwise: every buffer read and written whole and in order.
// A thread per point (grid-stride, innermost dimension fastest, so
// neighbouring threads touch neighbouring elements); with a vector width,
// 16 bytes per access behind a run-time alignment check. The scalar kernel
// is also every vector strategy's fallback (emitScalarParallel).
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"

namespace arrayc::gpumap {

/// Grid-stride loop, one element per thread per step.
void emitScalarParallel(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                        ArrayRef<Value> sizes, Value total) {
  emitGridStrideLoop(ctx, b, loc, total, [&](OpBuilder &kb, Value iv) {
    auto ivs = delinearize(kb, loc, iv, sizes, ctx.narrowIndex);
    storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
  });
}

/// Grid-stride loop over groups of `width` consecutive elements read and
/// written with 16-byte vector accesses (ld/st.global.v4 for f32), the
/// body computed per lane; the last total % width elements are scalar.
static void emitVectorParallel(const MapContext &ctx, OpBuilder &b, Location loc,
                               linalg::GenericOp op, ArrayRef<Value> sizes, Value total,
                               Value nonEmpty, int64_t width) {
  auto flat = flatViews(b, loc, op);
  Value w = cIndex(b, loc, width);
  Value groups = arith::DivUIOp::create(b, loc, total, w);
  Value grid = groupGrid(ctx, b, loc, groups);
  unsigned numInputs = op.getNumDpsInputs();
  emitLaunch(b, loc, nonEmpty, grid, ctx.blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
    auto [gid, stride] = gridStride(kb, loc, l);
    {
      OpBuilder::InsertionGuard g(kb);
      Value base = enterGroupLoop(kb, loc, gid, stride, groups, w);
      auto vectors = loadVectors(kb, loc, op, flat, base, width);
      SmallVector<SmallVector<Value>> lanes(op.getNumDpsInits());
      for (int64_t lane = 0; lane < width; ++lane)
        for (auto [k, y] : llvm::enumerate(
                 cloneBody(kb, op, laneValues(kb, loc, vectors, flat, lane), {})))
          lanes[k].push_back(y);
      storeLaneVectors(kb, loc, ArrayRef<Value>(flat).drop_front(numInputs), lanes, base, width);
    }
    // Scalar tail.
    Value tailStart = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, groups, w), gid);
    auto tail = scf::ForOp::create(kb, loc, tailStart, total, stride);
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(tail.getBody());
    auto ivs = delinearize(kb, loc, tail.getInductionVar(), sizes, ctx.narrowIndex);
    storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
  });
}

void lowerElementwise(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                      ArrayRef<Value> sizes, int64_t width) {
  ParallelSpace space = parallelSpace(b, loc, sizes);
  if (width <= 1) {
    emitScalarParallel(ctx, b, loc, op, sizes, space.total);
    return;
  }
  // 16-byte accesses when every buffer is 16-byte aligned (checked at run
  // time: buffers handed in by a host program may not be); else scalar.
  auto ifOp = scf::IfOp::create(b, loc, allAligned16(b, loc, op->getOperands()),
                                /*withElse=*/true);
  OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  emitVectorParallel(ctx, tb, loc, op, sizes, space.total, space.nonEmpty, width);
  OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
  emitScalarParallel(ctx, eb, loc, op, sizes, space.total);
}

} // namespace arrayc::gpumap
