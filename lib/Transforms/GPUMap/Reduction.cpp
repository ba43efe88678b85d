//===- Reduction.cpp - reductions and arg-reductions ----------------------===//
//
// Strategy::ThreadPerOutput and Strategy::BlockReduction (a reduction with
// one output and a combiner we know, KernelConfig's choice between them),
// and Strategy::ArgReduction (argmax/argmin: two outputs combined as one
// total order, ArgReduce.h). A block reduction is one kernel: blocks fold
// slices of an output's domain and the last block to arrive combines the
// partials, so a full reduction needs no second launch.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"
#include "Transforms/GPUMap/Strategies.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace arrayc::gpumap {

/// `if R > kWarp` (then: by blocks, likely; else: a thread per output):
/// reduction domains of at most a warp's points leave a block's threads idle.
static scf::IfOp ifLongerThanWarp(OpBuilder &b, Location loc, Value R) {
  return likely(scf::IfOp::create(b, loc,
                                  arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, R,
                                                        cIndex(b, loc, kWarp)),
                                  /*withElse=*/true),
                true);
}

/// Whether lane groups (a group of lanes per output: emitLaneGroups) may
/// serve P outputs of R points: blocks are whole warps and neither count,
/// when known, rules them out. Many outputs of at most kWarpRowMax points
/// each leave most of a block per output idle (k-means' argmin over rows of
/// 64 distances, 2^22 rows: 13.5 ms a call on an H100 with a block per row,
/// a 1 GB read).
static bool mayTakeLaneGroups(const MapContext &ctx, Value P, Value R) {
  std::optional<int64_t> p = getConstantIntValue(P), r = getConstantIntValue(R);
  return ctx.blockSize % kWarp == 0 && !(p && *p < kWarp) && !(r && *r > kWarpRowMax);
}
/// `if R > kWarpRowMax or P < kWarp` (then: by blocks; else: lane groups).
static scf::IfOp ifBlockPerOutput(OpBuilder &b, Location loc, Value P, Value R) {
  Value longRows = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, R,
                                         cIndex(b, loc, kWarpRowMax));
  Value fewOutputs = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, P,
                                           cIndex(b, loc, kWarp));
  return scf::IfOp::create(b, loc, arith::OrIOp::create(b, loc, longRows, fewOutputs),
                           /*withElse=*/true);
}

/// Lanes per output of the lane-group kernels: the power of two, at
/// most a warp, that gives each lane about kLanePoints of R points (rows of
/// 64: 8 lanes a row, 4 rows a warp; a whole warp on 64 points spent more
/// time in its shuffles than in its two loads).
static Value lanesPerOutput(OpBuilder &b, Location loc, Value R) {
  Value perLane = ceilDiv(b, loc, R, cIndex(b, loc, kLanePoints));
  Value g = cIndex(b, loc, kWarp);
  for (int64_t w = kWarp / 2; w >= 1; w /= 2)
    g = arith::SelectOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, perLane, cIndex(b, loc, w)),
        cIndex(b, loc, w), g);
  return g;
}

/// Combines `values` across each aligned group of G lanes (G a power of two
/// at most a warp, the same in the whole kernel): xor shuffles at offsets
/// 16, 8, ..., 1, each behind `if offset < G` (uniform: no divergence).
static SmallVector<Value> emitLaneGroupReduce(
    OpBuilder &kb, Location loc, Value G, ValueRange values,
    function_ref<SmallVector<Value>(OpBuilder &, ValueRange, ValueRange)> combineFn) {
  SmallVector<Value> cur(values);
  for (int64_t offset = kWarp / 2; offset >= 1; offset /= 2) {
    Value active = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult,
                                         cIndex(kb, loc, offset), G);
    auto ifOp = scf::IfOp::create(kb, loc, TypeRange(ValueRange(cur)), active, true);
    OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    SmallVector<Value> other;
    for (Value v : cur)
      other.push_back(emitShuffle(tb, loc, v, offset, kWarp, gpu::ShuffleMode::XOR));
    scf::YieldOp::create(tb, loc, combineFn(tb, cur, other));
    OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    scf::YieldOp::create(eb, loc, cur);
    cur.assign(ifOp.getResults().begin(), ifOp.getResults().end());
  }
  return cur;
}

/// The lane-group kernel (ifBlockPerOutput's else): G lanes per output
/// (lanesPerOutput), a block covering blockSize / G consecutive outputs.
/// `fold(kb, parIvs, lane, end)` folds the output's points lane, lane + G,
/// ... < end (consecutive lanes, consecutive points; end is 0 for lanes
/// past the last output, which still take part in the shuffles) into its
/// partial values; the group combines them by `combineFn`
/// (emitLaneGroupReduce), and lane 0 of a group whose output exists runs
/// `store(fb, p, totals)`. No shared memory, no barrier, one kernel.
static void emitLaneGroups(
    const MapContext &ctx, OpBuilder &b, Location loc, const LoopSplit &split, Value P, Value R,
    function_ref<SmallVector<Value>(OpBuilder &, ArrayRef<Value>, Value, Value, Value)> fold,
    function_ref<SmallVector<Value>(OpBuilder &, ValueRange, ValueRange)> combineFn,
    function_ref<void(OpBuilder &, Value, ValueRange)> store) {
  Value zero = cIndex(b, loc, 0);
  Value G = lanesPerOutput(b, loc, R);
  Value perBlock = arith::DivUIOp::create(b, loc, cIndex(b, loc, ctx.blockSize), G);
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, P, zero);
  emitBlockPerJob(ctx, b, loc, nonEmpty, ceilDiv(b, loc, P, perBlock), TypeRange{},
                  [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
    Value tid = l.getThreadIds().x;
    Value lane = arith::RemUIOp::create(kb, loc, tid, G);
    Value p = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, job, perBlock),
                                    arith::DivUIOp::create(kb, loc, tid, G));
    Value valid = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, p, P);
    Value pc = arith::MinUIOp::create(kb, loc, p,
                                      arith::SubIOp::create(kb, loc, P, cIndex(kb, loc, 1)));
    auto parIvs = delinearize(kb, loc, pc, split.parSizes, ctx.narrowIndex);
    Value end = arith::SelectOp::create(kb, loc, valid, R, cIndex(kb, loc, 0));
    SmallVector<Value> totals =
        emitLaneGroupReduce(kb, loc, G, fold(kb, parIvs, lane, end, G), combineFn);
    Value lane0 = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, lane,
                                        cIndex(kb, loc, 0));
    OpBuilder fb = ifThen(kb, loc, arith::AndIOp::create(kb, loc, lane0, valid));
    store(fb, p, totals);
  });
}

/// One thread per output (consecutive threads, consecutive outputs), each
/// accumulating its whole reduction domain in a register.
static void emitThreadPerOutput(const MapContext &ctx, OpBuilder &b, Location loc,
                                linalg::GenericOp op, const Combiner &combiner,
                                const LoopSplit &split, Value P, Value R) {
  Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
  emitGridStrideLoop(ctx, b, loc, P, [&](OpBuilder &kb, Value point) {
    auto parIvs = delinearize(kb, loc, point, split.parSizes, ctx.narrowIndex);
    auto pointAt = [&](ArrayRef<Value> redIvs) { return split.point(parIvs, redIvs); };
    Value init = combinerIdentity(kb, loc, combiner, elt);
    auto loop = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), R, cIndex(kb, loc, 1),
                                   ValueRange{init});
    {
      OpBuilder::InsertionGuard g2(kb);
      kb.setInsertionPointToStart(loop.getBody());
      auto redIvs = delinearize(kb, loc, loop.getInductionVar(), split.redSizes, ctx.narrowIndex);
      SmallVector<Value> accIn(loop.getRegionIterArgs().begin(), loop.getRegionIterArgs().end());
      scf::YieldOp::create(kb, loc, emitBody(kb, loc, op, pointAt(redIvs), accIn)[0]);
    }
    SmallVector<Value> zeros(split.redDims.size(), cIndex(kb, loc, 0));
    OpOperand &outOperand = op.getDpsInitsMutable()[0];
    auto outIdx = applyMap(kb, loc, op.getMatchingIndexingMap(&outOperand), pointAt(zeros));
    storeReductionResult(ctx, kb, loc, op, combiner, loop.getResult(0), outIdx);
  });
}

/// Stores output p's `total` (p linear over the parallel loops), combined
/// with what the output holds or its folded fill (storeReductionResult).
static void storeOutput(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                        const Combiner &combiner, const LoopSplit &split, Value p,
                        Value total) {
  auto parIvs = delinearize(b, loc, p, split.parSizes, ctx.narrowIndex);
  SmallVector<Value> zeros(split.redDims.size(), cIndex(b, loc, 0));
  OpOperand &outOperand = op.getDpsInitsMutable()[0];
  auto outIdx =
      applyMap(b, loc, op.getMatchingIndexingMap(&outOperand), split.point(parIvs, zeros));
  storeReductionResult(ctx, b, loc, op, combiner, total, outIdx);
}

/// Warps of a block of the split thread-per-output reduction: its block
/// covers kWarp consecutive outputs, one per lane, and each warp a slice of
/// their rows.
static int64_t warpsPerBlock(const MapContext &ctx) { return std::max<int64_t>(1, ctx.blockSize / kWarp); }

/// Slices of each output's reduction domain for a thread-per-output
/// reduction: enough blocks (ceil(P / kWarp) * S) to fill one wave of
/// resident blocks when outputs are few, each warp folding at least
/// kMinPointsPerThread points; 1 when P alone fills the device.
static Value columnSlices(const MapContext &ctx, OpBuilder &b, Location loc, Value P, Value R) {
  Value one = cIndex(b, loc, 1);
  Value groups = ceilDiv(b, loc, arith::MaxUIOp::create(b, loc, P, one), cIndex(b, loc, kWarp));
  Value byWave = ceilDiv(b, loc, residentBlocks(ctx, b, loc), groups);
  Value byWork = arith::DivUIOp::create(
      b, loc, R, cIndex(b, loc, kMinPointsPerThread * warpsPerBlock(ctx)));
  return arith::MaxUIOp::create(
      b, loc, one,
      arith::MinUIOp::create(b, loc, byWave,
                             arith::MinUIOp::create(b, loc, byWork, cIndex(b, loc, kMaxSlices))));
}

/// A thread per output and slice, for reductions along an outer axis with
/// few outputs (`X.T @ v` or `dh.sum(axis=0)` over 256-512 columns of
/// 4096-16384 rows: 512 threads walking 4096 rows each took 0.27 ms on an
/// H100, a 6 us read). Block (g, s) covers outputs g*32 .. g*32+31, lane l
/// output g*32 + l (consecutive lanes, consecutive outputs: coalesced rows),
/// warp w rows s*W + w, plus multiples of S*W; the block's W partials of an
/// output combine in shared memory into partial[s * P + p]. A second
/// kernel, a thread per output, folds its S partials (four accumulators, a
/// fixed order) and the output's old value. Only plain loads and stores:
/// any combiner and element type, and the result does not depend on timing.
static void emitSplitThreadPerOutput(const MapContext &ctx, OpBuilder &b, Location loc,
                                     linalg::GenericOp op, const Combiner &combiner,
                                     const LoopSplit &split, Value P, Value R, Value S) {
  Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
  int64_t W = warpsPerBlock(ctx);
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1);
  Value warpSize = cIndex(b, loc, kWarp);
  Value groups = ceilDiv(b, loc, P, warpSize);
  Value partial = memref::AllocOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                          ValueRange{arith::MulIOp::create(b, loc, S, P)});
  auto smemType = MemRefType::get(
      {ctx.blockSize}, elt, AffineMap(),
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup));
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, P, zero);
  emitLaunch(b, loc, nonEmpty, arith::MulIOp::create(b, loc, groups, S), ctx.blockSize,
             TypeRange{smemType}, [&](OpBuilder &kb, gpu::LaunchOp l) {
    Value smem = l.getWorkgroupAttributions()[0];
    Value bid = l.getBlockIds().x, tid = l.getThreadIds().x;
    Value g = arith::RemUIOp::create(kb, loc, bid, groups);
    Value s = arith::DivUIOp::create(kb, loc, bid, groups);
    Value lane = arith::RemUIOp::create(kb, loc, tid, warpSize);
    Value warp = arith::DivUIOp::create(kb, loc, tid, warpSize);
    Value p = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, g, warpSize), lane);
    Value valid = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, p, P);
    // Lanes past the last output fold nothing (and index output P - 1).
    Value pc = arith::MinUIOp::create(kb, loc, p, arith::SubIOp::create(kb, loc, P, one));
    auto parIvs = delinearize(kb, loc, pc, split.parSizes, ctx.narrowIndex);
    Value Wv = cIndex(kb, loc, W);
    Value first = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, s, Wv), warp);
    Value end = arith::SelectOp::create(kb, loc, valid, R, zero);
    Value acc = emitStridedAccumulate(
        kb, loc, combiner, combinerIdentity(kb, loc, combiner, elt), first, end,
        arith::MulIOp::create(kb, loc, S, Wv), [&](OpBuilder &lb, Value r, Value a) {
          auto redIvs = delinearize(lb, loc, r, split.redSizes, ctx.narrowIndex);
          return emitBody(lb, loc, op, split.point(parIvs, redIvs), a)[0];
        });
    memref::StoreOp::create(kb, loc, acc, smem, ValueRange{tid});
    gpu::BarrierOp::create(kb, loc);
    Value firstWarp = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, warp, zero);
    OpBuilder fb = ifThen(kb, loc, arith::AndIOp::create(kb, loc, firstWarp, valid));
    Value total = combinerIdentity(fb, loc, combiner, elt);
    for (int64_t w = 0; w < W; ++w)
      total = combine(fb, combiner, total,
                      memref::LoadOp::create(
                          fb, loc, smem,
                          ValueRange{arith::AddIOp::create(fb, loc, lane, cIndex(fb, loc, w * kWarp))}));
    memref::StoreOp::create(
        fb, loc, total, partial,
        ValueRange{arith::AddIOp::create(fb, loc, arith::MulIOp::create(fb, loc, s, P), p)});
  });
  emitGridStrideLoop(ctx, b, loc, P, [&](OpBuilder &kb, Value p) {
    Value total = emitStridedAccumulate(
        kb, loc, combiner, combinerIdentity(kb, loc, combiner, elt), cIndex(kb, loc, 0), S,
        cIndex(kb, loc, 1), [&](OpBuilder &lb, Value s, Value a) {
          Value at = arith::AddIOp::create(lb, loc, arith::MulIOp::create(lb, loc, s, P), p);
          return combine(lb, combiner, a, memref::LoadOp::create(lb, loc, partial, ValueRange{at}));
        });
    storeOutput(ctx, kb, loc, op, combiner, split, p, total);
  });
  memref::DeallocOp::create(b, loc, partial);
}

/// The end of a block of the block reduction's kernel: `total` (valid in thread
/// 0) is output p's whole reduction when S = 1, else the partial of its
/// slice s, and the last of p's S blocks to arrive combines the partials
/// into the output. `flag` (shared) tells the block's threads whether it
/// is the last.
static void emitFinishReduction(const MapContext &ctx, OpBuilder &kb, Location loc,
                                linalg::GenericOp op, const Combiner &combiner, Value smem,
                                Value flag, Value tid, Value total, Value p, Value s, Value S,
                                Value Spad, Value partial, Value counters,
                                const LoopSplit &split) {
  Type elt = total.getType();
  Value zero = cIndex(kb, loc, 0), one = cIndex(kb, loc, 1);
  Value first = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid, zero);
  auto storeResult = [&](OpBuilder &ob, Value value) {
    storeOutput(ctx, ob, loc, op, combiner, split, p, value);
  };
  Value single = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, S, one);
  auto ifSingle = scf::IfOp::create(kb, loc, single, /*withElse=*/true);
  {
    OpBuilder tb = OpBuilder::atBlockBegin(&ifSingle.getThenRegion().front());
    OpBuilder fb = ifThen(tb, loc, first);
    storeResult(fb, total);
  }
  OpBuilder eb = OpBuilder::atBlockBegin(&ifSingle.getElseRegion().front());
  Type i32 = eb.getI32Type();
  {
    OpBuilder fb = ifThen(eb, loc, first);
    Value base = arith::MulIOp::create(fb, loc, p, Spad);
    memref::StoreOp::create(fb, loc, total, partial,
                            ValueRange{arith::AddIOp::create(fb, loc, base, s)});
    // The partial is visible device-wide before the count that says so.
    NVVM::MembarOp::create(fb, loc, NVVM::MemScopeKind::GPU);
    Value old = memref::AtomicRMWOp::create(fb, loc, arith::AtomicRMWKind::addi,
                                            arith::ConstantIntOp::create(fb, loc, i32, 1),
                                            counters, ValueRange{p});
    Value lastCount = arith::IndexCastOp::create(
        fb, loc, i32, arith::SubIOp::create(fb, loc, S, cIndex(fb, loc, 1)));
    Value last = arith::CmpIOp::create(fb, loc, arith::CmpIPredicate::eq, old, lastCount);
    memref::StoreOp::create(fb, loc, arith::ExtUIOp::create(fb, loc, i32, last), flag,
                            ValueRange{cIndex(fb, loc, 0)});
  }
  gpu::BarrierOp::create(eb, loc);
  Value isLast = arith::CmpIOp::create(
      eb, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(eb, loc, flag, ValueRange{cIndex(eb, loc, 0)}),
      arith::ConstantIntOp::create(eb, loc, i32, 0));
  OpBuilder lb = ifThen(eb, loc, isLast);
  NVVM::MembarOp::create(lb, loc, NVVM::MemScopeKind::GPU);
  Value base = arith::MulIOp::create(lb, loc, p, Spad);
  Value acc = emitStridedAccumulate(
      lb, loc, combiner, combinerIdentity(lb, loc, combiner, elt), tid, S,
      cIndex(lb, loc, ctx.blockSize), [&](OpBuilder &ab, Value i, Value a) {
        Value v = memref::LoadOp::create(ab, loc, partial,
                                         ValueRange{arith::AddIOp::create(ab, loc, base, i)});
        return combine(ab, combiner, v, a);
      });
  Value whole = emitBlockReduce(ctx, lb, loc, combiner, smem, tid, acc);
  OpBuilder fb = ifThen(lb, loc, first);
  storeResult(fb, whole);
  memref::StoreOp::create(fb, loc, arith::ConstantIntOp::create(fb, loc, i32, 0), counters,
                          ValueRange{p});
}

/// Strategy::BlockReduction, the one-kernel reduction: P*S blocks: block (p, s) reduces slice
/// s of output p's reduction domain. With S = 1 it stores the output;
/// otherwise it writes partial[p*Spad + s] and counts itself in counters[p]
/// (an atomic add after a device-wide fence), and the block that arrives
/// last for p combines the S partials, in order, into the output and puts
/// counters[p] back to 0 (the runtime's per-stream zeroed counters:
/// `arrayc_rt_gpu_counters`). Only the arrival count is atomic: any
/// combiner and element type works, NaN-propagating max/min included, and
/// the result does not depend on timing. Spad rounds S up to 128 so that
/// no two outputs' partials share a cache line (a last block reads only
/// lines nobody else read in the kernel: no stale L1 copies).
static void emitBlockReduction(const MapContext &ctx, OpBuilder &b, Location loc,
                               linalg::GenericOp op, const KernelConfig &config,
                               const LoopSplit &split, Value P, Value R) {
  const Combiner &combiner = config.combiner;
  Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
  const SmallVector<Value> &parSizes = split.parSizes, &redSizes = split.redSizes;
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1), bs = cIndex(b, loc, ctx.blockSize);
  Value S = slicesPerOutput(ctx, b, loc, P, R, minPointsPerThread(op)); // S slices per output
  Value grid = arith::MulIOp::create(b, loc, P, S);
  Value nonEmpty = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, P, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, R, zero));
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  auto smemType = MemRefType::get({ctx.blockSize}, elt, AffineMap(), workgroup);
  auto flagType = MemRefType::get({1}, b.getI32Type(), AffineMap(), workgroup);
  Value pad = cIndex(b, loc, kPartialPad);
  Value Spad = arith::MulIOp::create(b, loc, ceilDiv(b, loc, S, pad), pad);
  Value multi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, S, one);
  // Partials and counters only when some output has several slices.
  Value partialSize = arith::SelectOp::create(b, loc, multi,
                                              arith::MulIOp::create(b, loc, P, Spad), zero);
  Value partial = memref::AllocOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                          ValueRange{partialSize});
  Value counters = runtimeCounters(ctx, 
      b, loc, arith::SelectOp::create(b, loc, multi, P, zero));

  // Stage 1: block (p, s) folds its slice of output p's reduction domain,
  // from element `from` on in steps of the S slices' threads, then the
  // block's threads together, into partial[bid]. With `width` > 1 it first
  // reads groups of `width` elements with 16-byte loads (see
  // reductionVectorWidth) and `from` is where those groups end.
  auto emitStage1 = [&](OpBuilder &sb, int64_t width) {
    emitLaunch(sb, loc, nonEmpty, grid, ctx.blockSize, TypeRange{smemType, flagType},
               [&](OpBuilder &kb, gpu::LaunchOp l) {
      Value smem = l.getWorkgroupAttributions()[0];
      Value flag = l.getWorkgroupAttributions()[1];
      Value bid = l.getBlockIds().x, tid = l.getThreadIds().x;
      Value p = arith::DivUIOp::create(kb, loc, bid, S);
      Value s = arith::RemUIOp::create(kb, loc, bid, S);
      auto parIvs = delinearize(kb, loc, p, parSizes, ctx.narrowIndex);
      Value start = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, s, bs), tid);
      Value step = arith::MulIOp::create(kb, loc, S, bs);
      Value acc = combinerIdentity(kb, loc, combiner, elt);
      Value from = start;
      if (width > 1) {
        Value w = cIndex(kb, loc, width);
        Value groups = arith::DivUIOp::create(kb, loc, R, w);
        Value rowBase = arith::MulIOp::create(kb, loc, p, R);
        auto flat = flatViews(kb, loc, op);
        auto accumulateGroup = [&](OpBuilder &lb, Value g, Value a) {
          Value base = arith::AddIOp::create(lb, loc, rowBase, arith::MulIOp::create(lb, loc, g, w));
          auto vectors = loadVectors(lb, loc, op, flat, base, width);
          for (int64_t lane = 0; lane < width; ++lane)
            a = cloneBody(lb, op, laneValues(lb, loc, vectors, flat, lane), a)[0];
          return a;
        };
        acc = emitStridedAccumulate(kb, loc, combiner, acc, start, groups, step, accumulateGroup);
        from = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, groups, w), start);
      }
      auto accumulate = [&](OpBuilder &lb, Value r, Value a) {
        auto redIvs = delinearize(lb, loc, r, redSizes, ctx.narrowIndex);
        return emitBody(lb, loc, op, split.point(parIvs, redIvs), a)[0];
      };
      acc = emitStridedAccumulate(kb, loc, combiner, acc, from, R, step, accumulate);
      Value total = emitBlockReduce(ctx, kb, loc, combiner, smem, tid, acc);
      emitFinishReduction(ctx, kb, loc, op, combiner, smem, flag, tid, total, p, s, S, Spad,
                          partial, counters, split);
    });
  };
  if (int64_t width = config.vectorWidth; width > 1) {
    // Each group's 16 bytes are aligned when every input's buffer is and
    // each row starts at a multiple of `width` (one row, or R % width == 0).
    Value rowsAligned = arith::OrIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, P, one),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              arith::RemUIOp::create(b, loc, R, cIndex(b, loc, width)), zero));
    Value cond = arith::AndIOp::create(b, loc, rowsAligned,
                                       allAligned16(b, loc, op.getDpsInputs()));
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElse=*/true);
    OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    emitStage1(tb, width);
    OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    emitStage1(eb, 1);
  } else {
    emitStage1(b, 1);
  }

  memref::DeallocOp::create(b, loc, partial);
}

/// A reduction by lane groups (emitLaneGroups): each lane folds its points
/// with kAccumulators accumulators, the group combines by the combiner.
static void emitLaneGroupReduction(const MapContext &ctx, OpBuilder &b, Location loc,
                                   linalg::GenericOp op, const Combiner &combiner,
                                   const LoopSplit &split, Value P, Value R) {
  Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
  emitLaneGroups(
      ctx, b, loc, split, P, R,
      [&](OpBuilder &kb, ArrayRef<Value> parIvs, Value lane, Value end, Value G) {
        return SmallVector<Value>{emitStridedAccumulate(
            kb, loc, combiner, combinerIdentity(kb, loc, combiner, elt), lane, end, G,
            [&](OpBuilder &lb, Value r, Value a) {
              auto redIvs = delinearize(lb, loc, r, split.redSizes, ctx.narrowIndex);
              return emitBody(lb, loc, op, split.point(parIvs, redIvs), a)[0];
            })};
      },
      [&](OpBuilder &cb, ValueRange x, ValueRange y) {
        return SmallVector<Value>{combine(cb, combiner, x[0], y[0])};
      },
      [&](OpBuilder &fb, Value p, ValueRange totals) {
        storeOutput(ctx, fb, loc, op, combiner, split, p, totals[0]);
      });
}

/// Strategy::ThreadPerOutput (emitThreadPerOutput), and
/// Strategy::BlockReduction: by blocks (emitBlockReduction) when the
/// reduction domains are longer than a warp, lane groups when many are at
/// most kWarpRowMax points (emitLaneGroupReduction), else a thread per output, as
/// the arg-reduction does. (k-means' squared distances sum rows of 2 points
/// over 2^21 outputs: P blocks of 256 threads, all but 2 of each idle, took
/// 5 ms a launch on an H100.)
void lowerReduction(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                    ArrayRef<Value> sizes, const KernelConfig &config) {
  LoopSplit split = splitLoops(op, sizes);
  Value P = product(b, loc, split.parSizes), R = product(b, loc, split.redSizes);
  if (config.strategy == Strategy::ThreadPerOutput) {
    // The split kernel's blocks are whole warps (a lane per output).
    if (ctx.blockSize % kWarp != 0) {
      emitThreadPerOutput(ctx, b, loc, op, config.combiner, split, P, R);
      return;
    }
    Value S = columnSlices(ctx, b, loc, P, R);
    scf::IfOp bySlices = likely(
        scf::IfOp::create(b, loc,
                          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, S,
                                                cIndex(b, loc, 1)),
                          /*withElse=*/true),
        true);
    OpBuilder tb = OpBuilder::atBlockBegin(&bySlices.getThenRegion().front());
    emitSplitThreadPerOutput(ctx, tb, loc, op, config.combiner, split, P, R, S);
    OpBuilder eb = OpBuilder::atBlockBegin(&bySlices.getElseRegion().front());
    emitThreadPerOutput(ctx, eb, loc, op, config.combiner, split, P, R);
    return;
  }
  scf::IfOp byBlocks = ifLongerThanWarp(b, loc, R);
  OpBuilder eb = OpBuilder::atBlockBegin(&byBlocks.getElseRegion().front());
  emitThreadPerOutput(ctx, eb, loc, op, config.combiner, split, P, R);
  OpBuilder tb = OpBuilder::atBlockBegin(&byBlocks.getThenRegion().front());
  if (mayTakeLaneGroups(ctx, P, R)) {
    scf::IfOp perOutput = ifBlockPerOutput(tb, loc, P, R);
    OpBuilder wb = OpBuilder::atBlockBegin(&perOutput.getElseRegion().front());
    emitLaneGroupReduction(ctx, wb, loc, op, config.combiner, split, P, R);
    tb = OpBuilder::atBlockBegin(&perOutput.getThenRegion().front());
  }
  emitBlockReduction(ctx, tb, loc, op, config, split, P, R);
}

/// An arg-reduction by lane groups when its many reduction domains have
/// kWarp + 1 .. kWarpRowMax points (ifBlockPerOutput), by blocks when
/// they are longer, else a thread per output (lowerSequential). Blocks
/// (p, s), S per output (about one wave of resident blocks when outputs
/// are few, at least 16 points per thread, at most 4096): thread t folds
/// points s*B + t, plus multiples of S*B, of output p's domain (neighbouring
/// threads read neighbouring points), four running (value, index) pairs at
/// a time; then the block's pairs combine in a tree in shared memory. With
/// S = 1 thread 0 combines that with the output's value (the fill before)
/// and stores both outputs; else it writes partial[p*S + s], and a second
/// kernel, a block per output, folds the S partials the same way.
void lowerArgReduction(const MapContext &ctx, OpBuilder &b, Location loc, linalg::GenericOp op,
                       ArrayRef<Value> sizes, ArgReduceKind kind, unsigned idxOut) {
  unsigned valOut = 1 - idxOut;
  Type elt = cast<MemRefType>(op.getDpsInits()[valOut].getType()).getElementType();
  Type i64 = b.getI64Type();
  LoopSplit split = splitLoops(op, sizes);
  const SmallVector<Value> &parSizes = split.parSizes, &redSizes = split.redSizes;
  auto pointAt = [&](ArrayRef<Value> parIvs, ArrayRef<Value> redIvs) {
    return split.point(parIvs, redIvs);
  };
  using Pair = std::pair<Value, Value>;
  auto combinePair = [&](OpBuilder &kb, Pair acc, Pair x) {
    return arrayc::argReduceCombine(kb, loc, kind, x.first, x.second, acc.first, acc.second);
  };
  auto identity = [&](OpBuilder &kb) -> Pair {
    return {arrayc::argReduceIdentity(kb, loc, kind, elt),
            arith::ConstantIntOp::create(kb, loc, i64, 0)};
  };
  auto load = [&](OpBuilder &ob, Value v, Value i, Value at) -> Pair {
    return {memref::LoadOp::create(ob, loc, v, ValueRange{at}),
            memref::LoadOp::create(ob, loc, i, ValueRange{at})};
  };
  auto store = [&](OpBuilder &ob, Pair x, Value v, Value i, Value at) {
    memref::StoreOp::create(ob, loc, x.first, v, ValueRange{at});
    memref::StoreOp::create(ob, loc, x.second, i, ValueRange{at});
  };
  // The block's pairs, combined in a tree in (sv, si); valid in thread 0.
  auto blockTree = [&](OpBuilder &kb, Value sv, Value si, Value tid, Pair mine) -> Pair {
    store(kb, mine, sv, si, tid);
    gpu::BarrierOp::create(kb, loc);
    for (int64_t half = ctx.blockSize / 2; half >= 1; half /= 2) {
      OpBuilder ib = ifThen(kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, tid,
                                                      cIndex(kb, loc, half)));
      Value other = arith::AddIOp::create(ib, loc, tid, cIndex(ib, loc, half));
      store(ib, combinePair(ib, load(ib, sv, si, tid), load(ib, sv, si, other)), sv, si, tid);
      gpu::BarrierOp::create(kb, loc);
    }
    return load(kb, sv, si, cIndex(kb, loc, 0));
  };
  // Output p: `total` combined with what it holds, stored.
  auto finish = [&](OpBuilder &fb, Value p, Pair total) {
    auto parIvs = delinearize(fb, loc, p, parSizes, ctx.narrowIndex);
    SmallVector<Value> zeros(split.redDims.size(), cIndex(fb, loc, 0));
    SmallVector<Value> ivs = pointAt(parIvs, zeros);
    SmallVector<Value> before;
    for (OpOperand &init : op.getDpsInitsMutable())
      before.push_back(memref::LoadOp::create(
          fb, loc, init.get(), applyMap(fb, loc, op.getMatchingIndexingMap(&init), ivs)));
    Pair y = combinePair(fb, {before[valOut], before[idxOut]}, total);
    SmallVector<Value> values(2);
    values[valOut] = y.first;
    values[idxOut] = y.second;
    storeOutputs(fb, loc, op, ivs, values);
  };

  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1), bs = cIndex(b, loc, ctx.blockSize);
  Value P = product(b, loc, parSizes), R = product(b, loc, redSizes);
  scf::IfOp byBlocks = ifLongerThanWarp(b, loc, R);
  OpBuilder eb = OpBuilder::atBlockBegin(&byBlocks.getElseRegion().front());
  lowerSequential(ctx, eb, loc, op, sizes);
  OpBuilder tb = OpBuilder::atBlockBegin(&byBlocks.getThenRegion().front());
  if (mayTakeLaneGroups(ctx, P, R)) {
    // Lane groups (emitLaneGroups): each lane folds its (value, index)
    // pairs, the group combines them by the arg-reduction's total order.
    scf::IfOp perOutput = ifBlockPerOutput(tb, loc, P, R);
    OpBuilder wb = OpBuilder::atBlockBegin(&perOutput.getElseRegion().front());
    emitLaneGroups(
        ctx, wb, loc, split, P, R,
        [&](OpBuilder &kb, ArrayRef<Value> parIvs, Value lane, Value end, Value G) {
          Pair id = identity(kb);
          auto loop = scf::ForOp::create(kb, loc, lane, end, G, ValueRange{id.first, id.second});
          OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
          SmallVector<Value> outs(2);
          outs[valOut] = loop.getRegionIterArgs()[0];
          outs[idxOut] = loop.getRegionIterArgs()[1];
          auto y = emitBody(lb, loc, op,
                            pointAt(parIvs, delinearize(lb, loc, loop.getInductionVar(),
                                                        redSizes, ctx.narrowIndex)),
                            outs);
          scf::YieldOp::create(lb, loc, ValueRange{y[valOut], y[idxOut]});
          return SmallVector<Value>(loop.getResults());
        },
        [&](OpBuilder &cb, ValueRange x, ValueRange y) {
          Pair c = combinePair(cb, {x[0], x[1]}, {y[0], y[1]});
          return SmallVector<Value>{c.first, c.second};
        },
        [&](OpBuilder &fb, Value p, ValueRange totals) { finish(fb, p, {totals[0], totals[1]}); });
    tb = OpBuilder::atBlockBegin(&perOutput.getThenRegion().front());
  }

  Value S = slicesPerOutput(ctx, tb, loc, P, R);
  Value multi = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, S, one);
  Value partialSize = arith::SelectOp::create(tb, loc, multi,
                                              arith::MulIOp::create(tb, loc, P, S), zero);
  auto flatType = [&](Type t) { return MemRefType::get({ShapedType::kDynamic}, t); };
  Value partialV = memref::AllocOp::create(tb, loc, flatType(elt), ValueRange{partialSize});
  Value partialI = memref::AllocOp::create(tb, loc, flatType(i64), ValueRange{partialSize});
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  SmallVector<Type> sharedTypes{MemRefType::get({ctx.blockSize}, elt, AffineMap(), workgroup),
                                MemRefType::get({ctx.blockSize}, i64, AffineMap(), workgroup)};
  Value nonEmpty = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, P, zero);

  // Stage 1.
  emitBlockPerJob(ctx, tb, loc, nonEmpty, arith::MulIOp::create(tb, loc, P, S), sharedTypes,
                  [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
    Value sv = l.getWorkgroupAttributions()[0], si = l.getWorkgroupAttributions()[1];
    Value tid = l.getThreadIds().x;
    Value p = arith::DivUIOp::create(kb, loc, job, S);
    Value s = arith::RemUIOp::create(kb, loc, job, S);
    Value first = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, s, bs), tid);
    Value stride = arith::MulIOp::create(kb, loc, S, bs);
    auto parIvs = delinearize(kb, loc, p, parSizes, ctx.narrowIndex);
    auto fold = [&](OpBuilder &lb, Value k, Pair acc) -> Pair {
      Value r = arith::AddIOp::create(lb, loc, first, arith::MulIOp::create(lb, loc, k, stride));
      SmallVector<Value> outs(2);
      outs[valOut] = acc.first;
      outs[idxOut] = acc.second;
      auto y = emitBody(lb, loc, op,
                        pointAt(parIvs, delinearize(lb, loc, r, redSizes, ctx.narrowIndex)), outs);
      return {y[valOut], y[idxOut]};
    };
    // This thread's points: k = 0 .. n - 1.
    Value n = arith::SelectOp::create(
        kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, R, first),
        ceilDiv(kb, loc, arith::SubIOp::create(kb, loc, R, first), stride), cIndex(kb, loc, 0));
    Value c4 = cIndex(kb, loc, kAccumulators);
    Value n4 = arith::MulIOp::create(kb, loc, arith::DivUIOp::create(kb, loc, n, c4), c4);
    SmallVector<Value> inits;
    for (int64_t u = 0; u < kAccumulators; ++u) {
      Pair id = identity(kb);
      inits.append({id.first, id.second});
    }
    auto main = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), n4, c4, inits);
    {
      OpBuilder lb = OpBuilder::atBlockBegin(main.getBody());
      SmallVector<Value> next;
      for (int64_t u = 0; u < kAccumulators; ++u) {
        Value k = arith::AddIOp::create(lb, loc, main.getInductionVar(), cIndex(lb, loc, u));
        Pair y = fold(lb, k, {main.getRegionIterArgs()[2 * u], main.getRegionIterArgs()[2 * u + 1]});
        next.append({y.first, y.second});
      }
      scf::YieldOp::create(lb, loc, next);
    }
    Pair acc{main.getResult(0), main.getResult(1)};
    for (int64_t u = 1; u < kAccumulators; ++u)
      acc = combinePair(kb, acc, {main.getResult(2 * u), main.getResult(2 * u + 1)});
    auto rest = scf::ForOp::create(kb, loc, n4, n, cIndex(kb, loc, 1),
                                   ValueRange{acc.first, acc.second});
    {
      OpBuilder lb = OpBuilder::atBlockBegin(rest.getBody());
      Pair y = fold(lb, rest.getInductionVar(),
                    {rest.getRegionIterArgs()[0], rest.getRegionIterArgs()[1]});
      scf::YieldOp::create(lb, loc, ValueRange{y.first, y.second});
    }
    Pair total = blockTree(kb, sv, si, tid, {rest.getResult(0), rest.getResult(1)});
    OpBuilder fb = ifThen(kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid,
                                                    cIndex(kb, loc, 0)));
    auto ifMulti = scf::IfOp::create(fb, loc, multi, /*withElse=*/true);
    OpBuilder mb = OpBuilder::atBlockBegin(&ifMulti.getThenRegion().front());
    store(mb, total, partialV, partialI, job);
    OpBuilder sb = OpBuilder::atBlockBegin(&ifMulti.getElseRegion().front());
    finish(sb, p, total);
    gpu::BarrierOp::create(kb, loc); // thread 0 has read the tree before the next job
  });

  // Stage 2, when some output has several partials.
  OpBuilder mb = ifThen(tb, loc, arith::AndIOp::create(tb, loc, nonEmpty, multi));
  emitBlockPerJob(ctx, mb, loc, nonEmpty, P, sharedTypes,
                  [&](OpBuilder &kb, gpu::LaunchOp l, Value p) {
    Value sv = l.getWorkgroupAttributions()[0], si = l.getWorkgroupAttributions()[1];
    Value tid = l.getThreadIds().x;
    Value base = arith::MulIOp::create(kb, loc, p, S);
    Pair id = identity(kb);
    auto loop = scf::ForOp::create(kb, loc, tid, S, bs, ValueRange{id.first, id.second});
    {
      OpBuilder lb = OpBuilder::atBlockBegin(loop.getBody());
      Value at = arith::AddIOp::create(lb, loc, base, loop.getInductionVar());
      Pair y = combinePair(lb, {loop.getRegionIterArgs()[0], loop.getRegionIterArgs()[1]},
                           load(lb, partialV, partialI, at));
      scf::YieldOp::create(lb, loc, ValueRange{y.first, y.second});
    }
    Pair total = blockTree(kb, sv, si, tid, {loop.getResult(0), loop.getResult(1)});
    OpBuilder fb = ifThen(kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid,
                                                    cIndex(kb, loc, 0)));
    finish(fb, p, total);
    gpu::BarrierOp::create(kb, loc);
  });
  memref::DeallocOp::create(tb, loc, partialV);
  memref::DeallocOp::create(tb, loc, partialI);
}
} // namespace arrayc::gpumap
