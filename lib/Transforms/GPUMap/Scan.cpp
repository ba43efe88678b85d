//===- Scan.cpp - scans (cumsum, cumprod) ---------------------------------===//
//
// Scans along the innermost axis (loops KernelConfig's matchScanLoop
// recognizes).
// Each row of n elements is cut into tiles of kScanItems * block-size; a
// block scans a tile with warp shuffles (lane l of warp w holds elements
// w*32*K + j*32 + l, j < K, so every load and store is coalesced) and
// shared memory across warps. Rows of more than one tile take three kernels
// (reduce, then scan, then scan again): tile totals, their scan per row (in
// place), and each tile's scan seeded with the total of the tiles before it.
// Rows of at most kScanItems * 32 elements take a warp each (shuffles only,
// one kernel); rows shorter than kScanMinLength keep the loop, a thread per
// row.
//
// Scans along an outer axis (`M.cumsum(axis=0)`: the loop steps over rows,
// each step combining a whole row into the running totals) with too few
// columns to fill the GPU keep that loop, a thread per column, only as a
// fallback: the axis is cut into S chunks, and three kernels compute each
// chunk's totals, their exclusive scan per column, and each chunk's scan
// seeded with it (lowerOuterScan).
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelConfig.h"
#include "Transforms/GPUMap/Strategies.h"

namespace arrayc::gpumap {

/// Scans the tile of `items` * blockSize elements from `start` of a row of
/// `length` elements (those past it read as the identity) after `prefix`:
/// `store(i, v)` gets each element's inclusive scan when given. Returns the
/// tile's total (without `prefix`) in every thread. Uses `smem[0, warps)`;
/// without `smem` the tile is one warp's, `items` * 32 elements (`tid` its
/// lane), scanned with shuffles alone and no barrier.
static Value emitTileScan(const MapContext &ctx, OpBuilder &kb, Location loc, Operation *combiner,
                          Value smem, Value tid, Value start, Value length, Value prefix,
                          function_ref<Value(OpBuilder &, Value)> load,
                          function_ref<void(OpBuilder &, Value, Value)> store,
                          int64_t items = kScanItems) {
  Type elt = prefix.getType();
  Value identity = combinerIdentity(kb, loc, combiner, elt);
  Value warpSize = cIndex(kb, loc, kWarp);
  Value lane = arith::RemUIOp::create(kb, loc, tid, warpSize);
  Value warp = arith::DivUIOp::create(kb, loc, tid, warpSize);
  Value base = arith::AddIOp::create(
      kb, loc, start,
      arith::AddIOp::create(kb, loc,
                            arith::MulIOp::create(kb, loc, warp, cIndex(kb, loc, kWarp * items)),
                            lane));
  Value last = arith::SubIOp::create(kb, loc, length, cIndex(kb, loc, 1));
  SmallVector<Value> index, inside, values;
  for (int64_t j = 0; j < items; ++j) {
    Value i = arith::AddIOp::create(kb, loc, base, cIndex(kb, loc, j * kWarp));
    Value in = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, i, length);
    // Every load in bounds (the row's last element for those past it), so
    // all kScanItems are issued before the first is used.
    Value v = load(kb, arith::MinUIOp::create(kb, loc, i, last));
    index.push_back(i);
    inside.push_back(in);
    values.push_back(arith::SelectOp::create(kb, loc, in, v, identity));
  }
  // Per item: the warp's inclusive scan (shuffles up), after the totals of
  // the items before it.
  Value carry = identity;
  SmallVector<Value> scanned;
  for (Value v : values) {
    for (int64_t offset = 1; offset < kWarp; offset *= 2) {
      Value up = emitShuffle(kb, loc, v, offset, kWarp, gpu::ShuffleMode::UP);
      Value has = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::uge, lane,
                                        cIndex(kb, loc, offset));
      v = arith::SelectOp::create(kb, loc, has, combine(kb, combiner, up, v), v);
    }
    scanned.push_back(combine(kb, combiner, carry, v));
    carry = combine(kb, combiner, carry,
                    emitShuffle(kb, loc, v, kWarp - 1, kWarp, gpu::ShuffleMode::IDX));
  }
  Value before = identity, total = carry;
  if (smem) {
    // Warp totals through shared memory: each warp's prefix, the tile's total.
    gpu::BarrierOp::create(kb, loc);
    {
      Value first = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, lane, cIndex(kb, loc, 0));
      auto ifOp = scf::IfOp::create(kb, loc, first, false);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(&ifOp.getThenRegion().front());
      memref::StoreOp::create(kb, loc, carry, smem, warp);
    }
    gpu::BarrierOp::create(kb, loc);
    total = identity;
    for (int64_t w = 0; w < ctx.blockSize / kWarp; ++w) {
      Value t = memref::LoadOp::create(kb, loc, smem, ValueRange{cIndex(kb, loc, w)});
      Value earlier = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, cIndex(kb, loc, w), warp);
      before = arith::SelectOp::create(kb, loc, earlier, combine(kb, combiner, before, t), before);
      total = combine(kb, combiner, total, t);
    }
  }
  if (store) {
    Value front = combine(kb, combiner, prefix, before);
    for (auto [i, in, v] : llvm::zip(index, inside, scanned)) {
      auto ifOp = scf::IfOp::create(kb, loc, in, false);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(&ifOp.getThenRegion().front());
      store(kb, i, combine(kb, combiner, front, v));
    }
  }
  return total;
}

/// The fills (generics yielding one value from outside), in the loop's
/// block before it, of buffers that otherwise only the scan loop's steps
/// use, as their outputs (its running totals): the parallel scan does not
/// need them.
static SmallVector<Operation *> scanTotalFills(scf::ForOp loop) {
  SmallVector<Operation *> fills;
  for (Operation *o = loop->getPrevNode(); o; o = o->getPrevNode()) {
    auto g = dyn_cast<linalg::GenericOp>(o);
    if (!g || g.getNumDpsInputs() != 0 || g.getNumDpsInits() != 1)
      continue;
    Block &body = g.getRegion().front();
    Value filled = body.getTerminator()->getOperand(0);
    if (body.getOperations().size() != 1 || filled.getParentRegion() == &g.getRegion())
      continue;
    Value buffer = g.getDpsInits()[0];
    if (!buffer.getDefiningOp<memref::AllocOp>())
      continue;
    bool onlyLoop = llvm::all_of(buffer.getUses(), [&](OpOperand &use) {
      Operation *user = use.getOwner();
      if (user == o || isa<memref::DeallocOp>(user))
        return true;
      auto step = dyn_cast<linalg::GenericOp>(user);
      return step && loop->isAncestor(step) && step.isDpsInit(&use);
    });
    if (onlyLoop)
      fills.push_back(o);
  }
  return fills;
}

void lowerScan(const MapContext &ctx, scf::ForOp loop, const ScanLoop &scan) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Operation *combiner = scan.combiner;
  auto outType = cast<MemRefType>(scan.output.getType());
  Type elt = outType.getElementType();
  SmallVector<Value> rowSizes;
  for (int64_t d = 0; d + 1 < outType.getRank(); ++d)
    rowSizes.push_back(memref::DimOp::create(b, loc, scan.output, d));
  Value rows = product(b, loc, rowSizes), n = loop.getUpperBound();
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1);
  Value tiles = ceilDiv(b, loc, n, cIndex(b, loc, kScanItems * ctx.blockSize));
  Value parallel = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, n, cIndex(b, loc, kScanMinLength)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, rows, zero));
  auto ifOp = likely(scf::IfOp::create(b, loc, parallel, /*withElse=*/true), true);
  // The loop, and the fills of its running totals, for short rows only.
  Operation *elseEnd = ifOp.getElseRegion().front().getTerminator();
  for (Operation *fill : scanTotalFills(loop))
    fill->moveBefore(elseEnd);
  loop->moveBefore(elseEnd);

  OpBuilder rb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  auto element = [&](OpBuilder &kb, Value buffer, Value row, Value i) {
    SmallVector<Value> idx =
        rowSizes.empty() ? SmallVector<Value>{} : delinearize(kb, loc, row, rowSizes);
    idx.push_back(i);
    return idx;
  };
  auto loadInput = [&](Value row) {
    return [&, row](OpBuilder &kb, Value i) -> Value {
      return memref::LoadOp::create(kb, loc, scan.input, element(kb, scan.input, row, i));
    };
  };
  auto storeOutput = [&](Value row) {
    return [&, row](OpBuilder &ib, Value i, Value v) {
      memref::StoreOp::create(ib, loc, v, scan.output, element(ib, scan.output, row, i));
    };
  };
  // Rows of at most a warp's tile (kScanItems elements a lane): a warp per
  // row, shuffles only, one kernel. A block per row would leave most of
  // its tile idle (monte_carlo's 2^15 rows of 256 steps: 0.33 ms against a
  // 40 us floor).
  Value warpRows = arith::CmpIOp::create(rb, loc, arith::CmpIPredicate::ule, n,
                                         cIndex(rb, loc, kWarp * kScanItems));
  if (ctx.blockSize % kWarp != 0)
    warpRows = arith::ConstantIntOp::create(rb, loc, 0, 1);
  auto warpIf = scf::IfOp::create(rb, loc, warpRows, /*withElse=*/true);
  {
    OpBuilder wb = OpBuilder::atBlockBegin(&warpIf.getThenRegion().front());
    int64_t warps = std::max<int64_t>(ctx.blockSize / kWarp, 1);
    Value jobs = ceilDiv(wb, loc, rows, cIndex(wb, loc, warps));
    // Lanes hold kScanItems / 2 elements for rows of at most half the
    // tile, so that half the loads are not past the row.
    Value half = arith::CmpIOp::create(wb, loc, arith::CmpIPredicate::ule, n,
                                       cIndex(wb, loc, kWarp * kScanItems / 2));
    auto halfIf = scf::IfOp::create(wb, loc, half, /*withElse=*/true);
    for (auto [block, items] : {std::make_pair(&halfIf.getThenRegion().front(), kScanItems / 2),
                                std::make_pair(&halfIf.getElseRegion().front(), kScanItems)}) {
      OpBuilder hb = OpBuilder::atBlockBegin(block);
      emitBlockPerJob(
          ctx, hb, loc, arith::ConstantIntOp::create(hb, loc, 1, 1), jobs, TypeRange{},
          [&, items](OpBuilder &kb, gpu::LaunchOp l, Value job) {
            Value tid = l.getThreadIds().x;
            Value lane = arith::RemUIOp::create(kb, loc, tid, cIndex(kb, loc, kWarp));
            Value row = arith::AddIOp::create(
                kb, loc, arith::MulIOp::create(kb, loc, job, cIndex(kb, loc, warps)),
                arith::DivUIOp::create(kb, loc, tid, cIndex(kb, loc, kWarp)));
            auto inRows = scf::IfOp::create(
                kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, row, rows),
                false);
            OpBuilder::InsertionGuard g(kb);
            kb.setInsertionPointToStart(&inRows.getThenRegion().front());
            emitTileScan(ctx, kb, loc, combiner, Value(), lane, zero, n,
                         combinerIdentity(kb, loc, combiner, elt), loadInput(row),
                         storeOutput(row), items);
          });
    }
  }
  OpBuilder tb = OpBuilder::atBlockBegin(&warpIf.getElseRegion().front());
  auto smemType = MemRefType::get(
      {ctx.blockSize / kWarp}, elt, AffineMap(),
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup));
  Value jobs = arith::MulIOp::create(tb, loc, rows, tiles);
  Value totals = memref::AllocOp::create(tb, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                         ValueRange{jobs});
  auto tileOf = [&](OpBuilder &kb, Value job) {
    Value row = arith::DivUIOp::create(kb, loc, job, tiles);
    Value tile = arith::RemUIOp::create(kb, loc, job, tiles);
    Value start = arith::MulIOp::create(kb, loc, tile, cIndex(kb, loc, kScanItems * ctx.blockSize));
    return std::make_tuple(row, tile, start);
  };
  Value several = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, tiles, one);
  // 1. Each tile's total.
  emitBlockPerJob(ctx, tb, loc, several, jobs, smemType,
                  [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
                    auto [row, tile, start] = tileOf(kb, job);
                    Value total = emitTileScan(ctx, kb, loc, combiner,
                                               l.getWorkgroupAttributions()[0], l.getThreadIds().x,
                                               start, n, combinerIdentity(kb, loc, combiner, elt),
                                               loadInput(row), nullptr);
                    Value first = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq,
                                                        l.getThreadIds().x, cIndex(kb, loc, 0));
                    auto ifFirst = scf::IfOp::create(kb, loc, first, false);
                    OpBuilder::InsertionGuard g(kb);
                    kb.setInsertionPointToStart(&ifFirst.getThenRegion().front());
                    memref::StoreOp::create(kb, loc, total, totals, job);
                  });
  // 2. Per row, the inclusive scan of its tiles' totals, in place, a tile
  //    of them at a time.
  emitBlockPerJob(
      ctx, tb, loc, several, rows, smemType, [&](OpBuilder &kb, gpu::LaunchOp l, Value row) {
        Value rowStart = arith::MulIOp::create(kb, loc, row, tiles);
        auto at = [&](OpBuilder &ib, Value i) {
          return arith::AddIOp::create(ib, loc, rowStart, i);
        };
        auto chunks =
            scf::ForOp::create(kb, loc, zero, tiles, cIndex(kb, loc, kScanItems * ctx.blockSize),
                               ValueRange{combinerIdentity(kb, loc, combiner, elt)});
        OpBuilder::InsertionGuard g(kb);
        kb.setInsertionPointToStart(chunks.getBody());
        Value carry = chunks.getRegionIterArgs()[0];
        Value total = emitTileScan(
            ctx, kb, loc, combiner, l.getWorkgroupAttributions()[0], l.getThreadIds().x,
            chunks.getInductionVar(), tiles, carry,
            [&](OpBuilder &ib, Value i) -> Value {
              return memref::LoadOp::create(ib, loc, totals, ValueRange{at(ib, i)});
            },
            [&](OpBuilder &ib, Value i, Value v) {
              memref::StoreOp::create(ib, loc, v, totals, ValueRange{at(ib, i)});
            });
        scf::YieldOp::create(kb, loc, combine(kb, combiner, carry, total));
      });
  // 3. Each tile's scan after the tiles before it.
  Value nonEmpty = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, jobs, zero);
  emitBlockPerJob(
      ctx, tb, loc, nonEmpty, jobs, smemType, [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
        auto [row, tile, start] = tileOf(kb, job);
        Value hasBefore = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, tile, zero);
        auto prefixIf = scf::IfOp::create(kb, loc, TypeRange{elt}, hasBefore, true);
        {
          OpBuilder::InsertionGuard g(kb);
          kb.setInsertionPointToStart(&prefixIf.getThenRegion().front());
          scf::YieldOp::create(
              kb, loc,
              ValueRange{memref::LoadOp::create(
                  kb, loc, totals, ValueRange{arith::SubIOp::create(kb, loc, job, one)})});
          kb.setInsertionPointToStart(&prefixIf.getElseRegion().front());
          scf::YieldOp::create(kb, loc, combinerIdentity(kb, loc, combiner, elt));
        }
        emitTileScan(
            ctx, kb, loc, combiner, l.getWorkgroupAttributions()[0], l.getThreadIds().x, start, n,
            prefixIf.getResult(0), loadInput(row), storeOutput(row));
      });
  memref::DeallocOp::create(tb, loc, totals);
}

/// An outer-axis scan loop: `loop` (marked ndarray.scan, from 0 in steps of
/// 1) holds one all-parallel generic reading row k of `input` and writing
/// the running totals `total` and row k of `output`, both rows subviews
/// that drop the same dimension, not the innermost, of contiguous buffers,
/// with a body of one combining op yielded twice.
struct OuterScan {
  Value input, output, total;
  /// The value the running totals are filled with before the loop (the
  /// first chunk's seed).
  Value seed;
  unsigned dim = 0;
  Operation *combiner = nullptr;
};

static std::optional<OuterScan> matchOuterScan(scf::ForOp loop) {
  if (!loop->hasAttr(ndarray::kScanAttrName) || loop.getNumResults() != 0 ||
      !isConstantIntValue(loop.getLowerBound(), 0) || !isConstantIntValue(loop.getStep(), 1))
    return std::nullopt;
  linalg::GenericOp step;
  for (Operation &o : loop.getBody()->without_terminator()) {
    if (isa<memref::SubViewOp>(o))
      continue;
    auto g = dyn_cast<linalg::GenericOp>(o);
    if (!g || step)
      return std::nullopt;
    step = g;
  }
  if (!step || step.getNumDpsInputs() != 1 || step.getNumDpsInits() != 2 ||
      step.getNumReductionLoops() != 0 ||
      !llvm::all_of(step.getIndexingMapsArray(), [](AffineMap m) { return m.isIdentity(); }))
    return std::nullopt;
  Block &body = step.getRegion().front();
  Operation &first = body.front();
  Operation *yield = body.getTerminator();
  if (body.getOperations().size() != 2 || first.getNumOperands() != 2 ||
      first.getNumResults() != 1 || yield->getOperand(0) != first.getResult(0) ||
      yield->getOperand(1) != first.getResult(0) ||
      !llvm::is_contained(first.getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(first.getOperands(), body.getArgument(1)) ||
      !body.getArgument(2).use_empty())
    return std::nullopt;
  OuterScan scan;
  scan.combiner = &first;
  scan.total = step.getDpsInits()[0];
  auto rowOf = [&](Value row, Value &source) -> std::optional<unsigned> {
    auto sv = row.getDefiningOp<memref::SubViewOp>();
    if (!sv || !loop.isDefinedOutsideOfLoop(sv.getSource()) ||
        sv.getOffsets().size() != 1 || sv.getOffsets().front() != loop.getInductionVar())
      return std::nullopt;
    std::optional<unsigned> dim = droppedDimOf(sv);
    auto type = cast<MemRefType>(sv.getSource().getType());
    if (!dim || *dim + 1 >= static_cast<unsigned>(type.getRank()) ||
        !type.getLayout().isIdentity())
      return std::nullopt;
    source = sv.getSource();
    return dim;
  };
  std::optional<unsigned> inDim = rowOf(step.getDpsInputs()[0], scan.input);
  std::optional<unsigned> outDim = rowOf(step.getDpsInits()[1], scan.output);
  if (!inDim || inDim != outDim || !loop.isDefinedOutsideOfLoop(scan.total) ||
      !scan.total.getDefiningOp<memref::AllocOp>())
    return std::nullopt;
  scan.dim = *inDim;
  if (!scanCombinerFits(loop, scan.combiner, scan.input, scan.output))
    return std::nullopt;
  // The running totals are the loop's own: filled before it, read by
  // nothing after it.
  for (Operation *user : scan.total.getUsers()) {
    if (user == step || isa<memref::DeallocOp>(user))
      continue;
    auto fill = dyn_cast<linalg::GenericOp>(user);
    if (!fill || scan.seed || fill.getNumDpsInputs() != 0 || fill->getBlock() != loop->getBlock() ||
        !fill->isBeforeInBlock(loop))
      return std::nullopt;
    Block &fb = fill.getRegion().front();
    Value filled = fb.getTerminator()->getOperand(0);
    if (fb.getOperations().size() != 1 || fill.getRegion().isAncestor(filled.getParentRegion()) ||
        filled.getType() != cast<MemRefType>(scan.output.getType()).getElementType())
      return std::nullopt;
    scan.seed = filled;
  }
  if (!scan.seed)
    return std::nullopt;
  return scan;
}

bool lowerOuterScan(const MapContext &ctx, scf::ForOp loop) {
  std::optional<OuterScan> scan = matchOuterScan(loop);
  if (!scan)
    return false;
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Operation *combiner = scan->combiner;
  auto outType = cast<MemRefType>(scan->output.getType());
  Type elt = outType.getElementType();
  // Element (o, r, i) of the contiguous buffers: r along the scanned
  // dimension, o over those before it, i over those after.
  SmallVector<Value> before, after;
  for (int64_t d = 0; d < outType.getRank(); ++d) {
    Value size = memref::DimOp::create(b, loc, scan->output, d);
    if (d < scan->dim)
      before.push_back(size);
    else if (d > scan->dim)
      after.push_back(size);
  }
  Value O = product(b, loc, before), I = product(b, loc, after), R = loop.getUpperBound();
  Value columns = arith::MulIOp::create(b, loc, O, I);
  Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1);
  // S chunks of L rows: one wave of threads when columns are few, at least
  // kMinPointsPerThread rows a chunk.
  Value threads = arith::MulIOp::create(b, loc, residentBlocks(ctx, b, loc),
                                        cIndex(b, loc, ctx.blockSize));
  Value byWave = ceilDiv(b, loc, threads, arith::MaxUIOp::create(b, loc, columns, one));
  Value byWork = arith::DivUIOp::create(b, loc, R, cIndex(b, loc, kMinPointsPerThread));
  Value want = arith::MinUIOp::create(b, loc, byWave, arith::MinUIOp::create(b, loc, byWork, cIndex(b, loc, kMaxSlices)));
  Value L = ceilDiv(b, loc, R, arith::MaxUIOp::create(b, loc, want, one));
  Value S = ceilDiv(b, loc, R, arith::MaxUIOp::create(b, loc, L, one));
  Value chunked = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, S, one),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, columns, zero));
  // The flat offsets assume whole rows of equal shapes: the loop runs over
  // the whole scanned dimension and the input has the output's sizes.
  auto sameSize = [&](Value x, Value y) {
    chunked = arith::AndIOp::create(
        b, loc, chunked, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y));
  };
  sameSize(R, memref::DimOp::create(b, loc, scan->output, scan->dim));
  for (int64_t d = 0; d < outType.getRank(); ++d)
    sameSize(memref::DimOp::create(b, loc, scan->input, d),
             memref::DimOp::create(b, loc, scan->output, d));
  auto ifOp = likely(scf::IfOp::create(b, loc, chunked, /*withElse=*/true), true);
  // The loop, and the fill of its running totals, when one chunk would do.
  Operation *elseEnd = ifOp.getElseRegion().front().getTerminator();
  for (Operation *fill : scanTotalFills(loop))
    fill->moveBefore(elseEnd);
  loop->moveBefore(elseEnd);

  OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  Value jobs = arith::MulIOp::create(tb, loc, S, columns);
  Value totals = memref::AllocOp::create(tb, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                         ValueRange{jobs});
  Value in = flatView(tb, loc, scan->input), out = flatView(tb, loc, scan->output);
  // Job s * columns + c: chunk s of column c = o * I + i (consecutive
  // threads, consecutive i: coalesced rows). `fn(r, at)` for each row r of
  // the chunk, at the flat offset of (o, r, i).
  auto chunkRows = [&](OpBuilder &kb, Value job, Value init,
                       function_ref<Value(OpBuilder &, Value, Value)> fn) {
    Value s = arith::DivUIOp::create(kb, loc, job, columns);
    Value c = arith::RemUIOp::create(kb, loc, job, columns);
    Value o = arith::DivUIOp::create(kb, loc, c, I);
    Value i = arith::RemUIOp::create(kb, loc, c, I);
    Value from = arith::MulIOp::create(kb, loc, s, L);
    Value to = arith::MinUIOp::create(kb, loc, arith::AddIOp::create(kb, loc, from, L), R);
    Value base = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, arith::MulIOp::create(kb, loc, o, R), I), i);
    auto rows = scf::ForOp::create(kb, loc, from, to, cIndex(kb, loc, 1), ValueRange{init});
    OpBuilder lb = OpBuilder::atBlockBegin(rows.getBody());
    Value at = arith::AddIOp::create(lb, loc, base,
                                     arith::MulIOp::create(lb, loc, rows.getInductionVar(), I));
    scf::YieldOp::create(lb, loc, fn(lb, at, rows.getRegionIterArgs()[0]));
    return rows.getResult(0);
  };
  // 1. Each chunk's total.
  emitGridStrideLoop(ctx, tb, loc, jobs, [&](OpBuilder &kb, Value job) {
    Value t = chunkRows(kb, job, combinerIdentity(kb, loc, combiner, elt),
                        [&](OpBuilder &lb, Value at, Value acc) {
                          return combine(lb, combiner, acc,
                                         memref::LoadOp::create(lb, loc, in, ValueRange{at}));
                        });
    memref::StoreOp::create(kb, loc, t, totals, ValueRange{job});
  });
  // 2. Per column, the exclusive scan of its chunks' totals, in place,
  //    from the running totals' fill (the loop's first total).
  emitGridStrideLoop(ctx, tb, loc, columns, [&](OpBuilder &kb, Value c) {
    auto chunks = scf::ForOp::create(kb, loc, zero, S, one, ValueRange{scan->seed});
    OpBuilder lb = OpBuilder::atBlockBegin(chunks.getBody());
    Value at = arith::AddIOp::create(
        lb, loc, arith::MulIOp::create(lb, loc, chunks.getInductionVar(), columns), c);
    Value t = memref::LoadOp::create(lb, loc, totals, ValueRange{at});
    Value run = chunks.getRegionIterArgs()[0];
    memref::StoreOp::create(lb, loc, run, totals, ValueRange{at});
    scf::YieldOp::create(lb, loc, combine(lb, combiner, run, t));
  });
  // 3. Each chunk's scan after the chunks before it.
  emitGridStrideLoop(ctx, tb, loc, jobs, [&](OpBuilder &kb, Value job) {
    Value prefix = memref::LoadOp::create(kb, loc, totals, ValueRange{job});
    chunkRows(kb, job, prefix, [&](OpBuilder &lb, Value at, Value run) {
      Value v = combine(lb, combiner, run, memref::LoadOp::create(lb, loc, in, ValueRange{at}));
      memref::StoreOp::create(lb, loc, v, out, ValueRange{at});
      return v;
    });
  });
  memref::DeallocOp::create(tb, loc, totals);
  return true;
}

} // namespace arrayc::gpumap
