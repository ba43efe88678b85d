//===- RowGroups.cpp - consecutive row-wise generics as one kernel --------===//
//
// Row groups: consecutive generics that each work row by row over the same
// rows (loop 0), at least one of them reducing a row, run as one kernel
// with one block per row (softmax, layernorm: a row is reduced, then used),
// so each row is read from DRAM once. They are chosen over a block of ops
// (formRowGroups) before any single op is mapped, so this choice is made
// here and not in KernelConfig, which looks at one op at a time.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"

namespace arrayc::gpumap {

namespace {
enum class RowKind { None, Elementwise, Reduction };
} // namespace

/// How `op` can run in a row group: loop 0 parallel (the row), and either
/// all loops parallel, or a single-output reduction with a known combiner
/// whose other loops are reductions or static unit dims.
static RowKind rowKind(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0)
    return RowKind::None;
  auto iters = op.getIteratorTypesArray();
  if (iters[0] != utils::IteratorType::parallel)
    return RowKind::None;
  if (op.getNumReductionLoops() == 0)
    return RowKind::Elementwise;
  if (!reductionCombiner(op))
    return RowKind::None;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (unsigned d = 1; d < iters.size(); ++d)
    if (iters[d] == utils::IteratorType::parallel && ranges[d] != 1)
      return RowKind::None;
  return RowKind::Reduction;
}

/// The allocation or function argument `v` views through casts and
/// reshapes that keep its leading dimension (row i of `v` is row i of the
/// root), else null.
static Value rowRoot(Value v) {
  while (true) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return v;
    if (isa<memref::AllocOp>(def))
      return v;
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      v = cast.getSource();
      continue;
    }
    auto keepsRows = [](ArrayRef<int64_t> group, MemRefType wide) {
      for (int64_t d : group.drop_front())
        if (wide.getDimSize(d) != 1)
          return false;
      return true;
    };
    if (auto e = dyn_cast<memref::ExpandShapeOp>(def)) {
      if (!keepsRows(e.getReassociationIndices()[0], e.getResultType()))
        return {};
      v = e.getSrc();
      continue;
    }
    if (auto c = dyn_cast<memref::CollapseShapeOp>(def)) {
      if (!keepsRows(c.getReassociationIndices()[0], c.getSrcType()))
        return {};
      v = c.getSrc();
      continue;
    }
    return {};
  }
}

/// A map that indexes dim 0 by the row loop and no other dim by it.
static bool rowLocalMap(AffineMap map) {
  if (map.getNumResults() == 0 || map.getResult(0) != getAffineDimExpr(0, map.getContext()))
    return false;
  for (AffineExpr e : map.getResults().drop_front())
    if (e.isFunctionOfDim(0))
      return false;
  return true;
}

/// Whether `ops` may run as one row group: every buffer any of them writes
/// is only touched, by all of them, in the row being processed (so blocks
/// on different rows never share memory).
static bool rowCompatible(ArrayRef<linalg::GenericOp> ops) {
  llvm::SmallPtrSet<Value, 8> written;
  for (linalg::GenericOp op : ops)
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!rowRoot(init.get()) || !rowLocalMap(op.getMatchingIndexingMap(&init)))
        return false;
      written.insert(baseBuffer(init.get()));
    }
  for (linalg::GenericOp op : ops)
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()) ||
          !written.contains(baseBuffer(operand.get())))
        continue;
      if (rowRoot(operand.get()) != baseBuffer(operand.get()) ||
          !rowLocalMap(op.getMatchingIndexingMap(&operand)))
        return false;
    }
  return true;
}

/// Splits `block` into maximal row groups (at least two generics, one of
/// them a reduction). Between members only ops without memory effects
/// and allocations may sit: the group runs where its last member was.
void formRowGroups(Block &block, SmallVectorImpl<SmallVector<linalg::GenericOp>> &groups) {
  SmallVector<linalg::GenericOp> cur;
  auto flush = [&] {
    bool reduces = llvm::any_of(
        cur, [](linalg::GenericOp op) { return rowKind(op) == RowKind::Reduction; });
    if (cur.size() >= 2 && reduces)
      groups.push_back(cur);
    cur.clear();
  };
  for (Operation &o : block) {
    auto op = dyn_cast<linalg::GenericOp>(o);
    if (op && !op->getParentOfType<gpu::LaunchOp>()) {
      if (rowKind(op) == RowKind::None || !rowCompatible({op})) {
        flush();
        continue;
      }
      cur.push_back(op);
      if (!rowCompatible(cur)) {
        cur.pop_back();
        flush();
        cur.push_back(op);
      }
      continue;
    }
    if (isa<memref::AllocOp>(o) || (o.getNumRegions() == 0 && isMemoryEffectFree(&o)))
      continue;
    flush();
  }
  flush();
}

/// An operand that is the same for the whole row (its map uses no loop but
/// the row's, d0): loaded once per row.
static bool rowUniform(linalg::GenericOp op, OpOperand &operand) {
  if (!isa<MemRefType>(operand.get().getType()))
    return true;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  for (unsigned d = 1; d < map.getNumDims(); ++d)
    if (map.isFunctionOfDim(d))
      return false;
  return true;
}

/// An operand of a row-group member read or written whole and in order
/// (identity map over all loops, at least one beside the row's, identity
/// layout, byte-sized or wider elements): with vectors, 16 bytes per access
/// at row * count + j.
static bool rowStreamed(linalg::GenericOp op, OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type || !type.getLayout().isIdentity() ||
      !op.getMatchingIndexingMap(&operand).isIdentity() || rowUniform(op, operand))
    return false;
  return elementBytes(type) != 0;
}

/// An input read along the row's inner points but the same for every row
/// (a layernorm's scale: map (d0, d1, ...) -> (d1, ...), identity layout):
/// with vectors, 16 bytes per access at j.
static bool rowInner(linalg::GenericOp op, OpOperand &operand) {
  auto type = dyn_cast<MemRefType>(operand.get().getType());
  if (!type || !type.getLayout().isIdentity() || op.isDpsInit(&operand))
    return false;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  if (map.getNumResults() + 1 != map.getNumDims() || map.getNumResults() == 0)
    return false;
  for (auto [k, e] : llvm::enumerate(map.getResults())) {
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d || d.getPosition() != k + 1)
      return false;
  }
  return elementBytes(type) != 0;
}

/// Elements per 16-byte access of the row group's kernel, or 0 when some
/// member cannot take vectors: in members with a streamed operand, every
/// input streamed, row-inner or row-uniform, every output streamed (an
/// elementwise member, not read in the body) or the reduction's row-uniform
/// result, no linalg.index. Members without one (one point per row) run
/// scalar.
static int64_t rowVectorWidth(ArrayRef<linalg::GenericOp> group) {
  int64_t widest = 0;
  for (linalg::GenericOp op : group) {
    Block &body = op.getRegion().front();
    if (!body.getOps<linalg::IndexOp>().empty())
      return 0;
    bool reduction = rowKind(op) == RowKind::Reduction;
    if (llvm::none_of(op->getOpOperands(),
                      [&](OpOperand &o) { return rowStreamed(op, o); }))
      continue; // one point per row (a fill of row results): runs scalar
    for (OpOperand &operand : op->getOpOperands()) {
      bool init = op.isDpsInit(&operand);
      if (rowStreamed(op, operand) && init &&
          (reduction || !body.getArgument(operand.getOperandNumber()).use_empty()))
        return 0;
      if (rowStreamed(op, operand) || rowInner(op, operand)) {
        widest = std::max(widest, elementBytes(cast<MemRefType>(operand.get().getType())));
        continue;
      }
      if (!rowUniform(op, operand) || (init && !reduction))
        return 0;
    }
  }
  return widest == 0 ? 0 : kVectorBytes / widest;
}

/// Inputs a vector row group reads from DRAM once per row into shared
/// memory (its first reader stores what it loads, later members load from
/// there): buffers that two or more members read streamed (identity maps,
/// the same value) and no member writes, and that no member uses any
/// other way (softmax's and layernorm's x).
static SmallVector<Value> rowStagedInputs(ArrayRef<linalg::GenericOp> group) {
  llvm::MapVector<Value, int> readers;
  llvm::DenseSet<Value> excluded;
  for (linalg::GenericOp op : group)
    for (OpOperand &operand : op->getOpOperands()) {
      Value v = operand.get();
      if (!isa<MemRefType>(v.getType()))
        continue;
      if (op.isDpsInit(&operand) || !rowStreamed(op, operand))
        excluded.insert(baseBuffer(v));
      else
        readers[v]++;
    }
  SmallVector<Value> staged;
  for (auto [v, n] : readers)
    if (n >= 2 && !excluded.contains(baseBuffer(v)))
      staged.push_back(v);
  return staged;
}

/// Bytes of one row (dim 0) of the buffer `v`.
static Value rowBytes(OpBuilder &b, Location loc, Value v) {
  auto type = cast<MemRefType>(v.getType());
  Value n = cIndex(b, loc, elementBytes(type));
  for (int64_t d = 1; d < type.getRank(); ++d)
    n = arith::MulIOp::create(b, loc, n, memref::DimOp::create(b, loc, v, d));
  return n;
}

/// The row group's kernel (see lowerRowGroup); with `width` > 1 each thread
/// takes groups of `width` consecutive points of the row, its streamed
/// operands moved 16 bytes at a time and row-uniform inputs loaded once
/// per row (rowVectorWidth; the caller checks alignment and row lengths).
/// With `warpRows`, each warp takes a row (blockSize / 32 rows a block):
/// reductions by shuffles alone (no `smemTypes`, no staging), members
/// separated by a warp barrier.
static void emitRowGroupKernel(const MapContext &ctx, OpBuilder &tb, Location loc,
                               ArrayRef<linalg::GenericOp> group,
                               ArrayRef<SmallVector<Value>> sizes, ArrayRef<Operation *> combiners,
                               ArrayRef<Type> smemTypes, int64_t width,
                               ArrayRef<Value> staged = {}, bool warpRows = false) {
  Value rows = sizes[0][0];
  int64_t rowsPerBlock = warpRows ? ctx.blockSize / kWarp : 1;
  Value blocks = warpRows ? ceilDiv(tb, loc, rows, cIndex(tb, loc, rowsPerBlock)) : rows;
  Value grid = arith::MinUIOp::create(tb, loc, blocks, cIndex(tb, loc, ctx.maxBlocks));
  Value nonEmpty =
      arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, rows, cIndex(tb, loc, 0));
  emitLaunch(
      tb, loc, nonEmpty, grid, ctx.blockSize, smemTypes, [&](OpBuilder &kb, gpu::LaunchOp l) {
        Value tid = l.getThreadIds().x, bs = cIndex(kb, loc, ctx.blockSize);
        Value firstRow = l.getBlockIds().x, rowStep = l.getGridSize().x;
        if (warpRows) {
          Value warpSize = cIndex(kb, loc, kWarp), perBlock = cIndex(kb, loc, rowsPerBlock);
          firstRow = arith::AddIOp::create(
              kb, loc, arith::MulIOp::create(kb, loc, firstRow, perBlock),
              arith::DivUIOp::create(kb, loc, tid, warpSize));
          rowStep = arith::MulIOp::create(kb, loc, rowStep, perBlock);
          tid = arith::RemUIOp::create(kb, loc, tid, warpSize);
          bs = warpSize;
        }
        // Staged rows: the last workgroup buffers, one per staged input, and
        // the member that fills each (its first reader).
        SmallVector<Value> stageViews;
        SmallVector<size_t> stageWriter;
        for (auto [k, v] : llvm::enumerate(staged)) {
          stageViews.push_back(l.getWorkgroupAttributions()[l.getWorkgroupAttributions().size() -
                                                            staged.size() + k]);
          stageWriter.push_back(llvm::find_if(group,
                                              [&](linalg::GenericOp op) {
                                                return llvm::is_contained(op.getDpsInputs(), v);
                                              }) -
                                group.begin());
        }
        // Flat views of the streamed operands, made once.
        SmallVector<SmallVector<Value>> flats;
        if (width > 1)
          for (linalg::GenericOp op : group) {
            SmallVector<Value> flat;
            for (OpOperand &operand : op->getOpOperands())
              flat.push_back(rowStreamed(op, operand) || rowInner(op, operand)
                                 ? flatView(kb, loc, operand.get())
                                 : operand.get());
            flats.push_back(flat);
          }
        auto rowLoop = scf::ForOp::create(kb, loc, firstRow, rows, rowStep);
        OpBuilder::InsertionGuard g(kb);
        kb.setInsertionPointToStart(rowLoop.getBody());
        Value row = rowLoop.getInductionVar();
        unsigned nextSmem = 0;
        for (auto [i, member] : llvm::enumerate(group)) {
          linalg::GenericOp op = member;
          ArrayRef<Value> inner = ArrayRef<Value>(sizes[i]).drop_front();
          Value count = product(kb, loc, inner);
          auto pointAt = [&](OpBuilder &pb, Value j) {
            SmallVector<Value> ivs{row};
            llvm::append_range(ivs, delinearize(pb, loc, j, inner));
            return ivs;
          };
          SmallVector<Value> rowStart{row};
          rowStart.append(inner.size(), cIndex(kb, loc, 0));
          // With vectors: groups of `width` points, the inputs of each lane
          // (row-uniform ones loaded here, once per row), stored lanes.
          bool vec = width > 1 && llvm::any_of(op->getOpOperands(),
                                               [&](OpOperand &o) { return rowStreamed(op, o); });
          Value groups, base;
          SmallVector<Value> uniform;
          if (vec) {
            Value w = cIndex(kb, loc, width);
            groups = arith::DivUIOp::create(kb, loc, count, w);
            base = arith::MulIOp::create(kb, loc, row, count);
            for (OpOperand *in : op.getDpsInputOperands()) {
              Value v = in->get();
              if (isa<MemRefType>(v.getType()) && !rowStreamed(op, *in) && !rowInner(op, *in))
                v = memref::LoadOp::create(
                    kb, loc, v, applyMap(kb, loc, op.getMatchingIndexingMap(in), rowStart));
              uniform.push_back(v);
            }
          }
          auto laneInputs = [&](OpBuilder &lb, Value g) {
            Value j = arith::MulIOp::create(lb, loc, g, cIndex(lb, loc, width));
            Value at = arith::AddIOp::create(lb, loc, base, j);
            SmallVector<SmallVector<Value>> lanes(width);
            for (auto [k, in] : llvm::enumerate(op.getDpsInputOperands())) {
              Value vec;
              if (rowStreamed(op, *in) || rowInner(op, *in)) {
                auto type = cast<MemRefType>(in->get().getType());
                auto vecType = VectorType::get({width}, type.getElementType());
                auto align = vectorAlign(type.getElementType(), width);
                auto st = llvm::find(staged, in->get()) - staged.begin();
                if (size_t(st) < staged.size() && stageWriter[st] != i) {
                  vec = memref::LoadOp::create(lb, loc, stageViews[st], g);
                } else {
                  vec = vector::LoadOp::create(lb, loc, vecType, flats[i][k],
                                               rowStreamed(op, *in) ? at : j,
                                               /*nontemporal=*/false, align);
                  if (size_t(st) < staged.size())
                    memref::StoreOp::create(lb, loc, vec, stageViews[st], g);
                }
              }
              for (int64_t lane = 0; lane < width; ++lane)
                lanes[lane].push_back(vec ? Value(vector::ExtractOp::create(lb, loc, vec, lane))
                                          : uniform[k]);
            }
            return std::make_pair(at, lanes);
          };
          if (Operation *combiner = combiners[i]) {
            Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
            Value init = combinerIdentity(kb, loc, combiner, elt);
            Value acc;
            if (vec)
              acc = emitStridedAccumulate(kb, loc, combiner, init, tid, groups, bs,
                                          [&](OpBuilder &lb, Value g, Value a) {
                                            for (auto &inputs : laneInputs(lb, g).second)
                                              a = cloneBody(lb, op, inputs, a)[0];
                                            return a;
                                          });
            else
              acc = emitStridedAccumulate(kb, loc, combiner, init, tid, count, bs,
                                          [&](OpBuilder &lb, Value j, Value a) {
                                            return emitBody(lb, loc, op, pointAt(lb, j), a)[0];
                                          });
            Value total = warpRows ? emitWarpReduce(kb, loc, combiner, acc)
                                   : emitBlockReduce(ctx, kb, loc, combiner,
                                                     l.getWorkgroupAttributions()[nextSmem++],
                                                     tid, acc);
            Value first =
                arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid, cIndex(kb, loc, 0));
            auto ifFirst = scf::IfOp::create(kb, loc, first, false);
            OpBuilder::InsertionGuard g2(kb);
            kb.setInsertionPointToStart(&ifFirst.getThenRegion().front());
            OpOperand &outOperand = op.getDpsInitsMutable()[0];
            auto outIdx = applyMap(kb, loc, op.getMatchingIndexingMap(&outOperand), rowStart);
            Value out = outOperand.get();
            Value old = memref::LoadOp::create(kb, loc, out, outIdx);
            memref::StoreOp::create(kb, loc, combine(kb, combiner, total, old), out, outIdx);
          } else if (vec) {
            auto loop = scf::ForOp::create(kb, loc, tid, groups, bs);
            OpBuilder::InsertionGuard g2(kb);
            kb.setInsertionPointToStart(loop.getBody());
            auto [at, lanes] = laneInputs(kb, loop.getInductionVar());
            SmallVector<SmallVector<Value>> results(op.getNumDpsInits());
            for (auto &inputs : lanes)
              for (auto [k, y] : llvm::enumerate(cloneBody(kb, op, inputs, {})))
                results[k].push_back(y);
            storeLaneVectors(kb, loc, ArrayRef<Value>(flats[i]).drop_front(op.getNumDpsInputs()),
                             results, at, width);
          } else {
            auto loop = scf::ForOp::create(kb, loc, tid, count, bs);
            OpBuilder::InsertionGuard g2(kb);
            kb.setInsertionPointToStart(loop.getBody());
            auto ivs = pointAt(kb, loop.getInductionVar());
            storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
          }
          if (i + 1 < group.size()) {
            if (warpRows)
              NVVM::SyncWarpOp::create(kb, loc, arith::ConstantIntOp::create(kb, loc, -1, 32));
            else
              gpu::BarrierOp::create(kb, loc);
          }
        }
      });
}

/// One kernel for `group`, one block per row (block-stride over rows), or
/// a warp per row when every member's rows have at most kWarpRowMax points:
/// each member in turn over the row's inner points, `blockSize` threads
/// striding them; a reduction combines per thread, then through shared
/// memory, and thread 0 stores the row's result; a barrier between
/// members makes a member's writes visible to the next. Taken when the
/// members' row counts agree, there are at least kMinRows rows and the
/// reduced rows have at least kMinRowPoints points;
/// otherwise the members run as their own kernels (clones mapped later).
void lowerRowGroup(const MapContext &ctx, SmallVectorImpl<linalg::GenericOp> &group) {
  linalg::GenericOp last = group.back();
  OpBuilder b(last);
  Location loc = group.front().getLoc();
  SmallVector<SmallVector<Value>> sizes;
  for (linalg::GenericOp op : group) {
    SmallVector<Value> opSizes;
    for (Range r : cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
      opSizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
    sizes.push_back(opSizes);
  }
  Value rows = sizes[0][0];
  Value take = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, rows,
                                     cIndex(b, loc, kMinRows));
  for (auto &opSizes : llvm::drop_begin(sizes))
    take = arith::AndIOp::create(
        b, loc, take, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, opSizes[0], rows));
  // Rows long enough for a block or a warp (kMinRowPoints), judged by the
  // rows the members reduce.
  for (auto [op, opSizes] : llvm::zip(group, sizes))
    if (rowKind(op) == RowKind::Reduction)
      take = arith::AndIOp::create(
          b, loc, take,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                product(b, loc, ArrayRef<Value>(opSizes).drop_front()),
                                cIndex(b, loc, kMinRowPoints)));
  auto ifOp = likely(scf::IfOp::create(b, loc, take, /*withElse=*/true), true);
  {
    OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
    for (linalg::GenericOp op : group)
      eb.clone(*op);
  }
  OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
  SmallVector<Type> smemTypes;
  SmallVector<Operation *> combiners;
  for (linalg::GenericOp op : group) {
    Operation *combiner = rowKind(op) == RowKind::Reduction ? reductionCombiner(op) : nullptr;
    combiners.push_back(combiner);
    if (combiner)
      smemTypes.push_back(MemRefType::get(
          {ctx.blockSize}, cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType(),
          AffineMap(),
          gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)));
  }
  int64_t width = rowVectorWidth(group);
  // 16-byte accesses when every streamed buffer is 16-byte aligned and
  // every member's row length is a multiple of `width` (each row then
  // starts on a group); else the scalar kernel.
  auto vectorsFit = [&](OpBuilder &ob) {
    Value cond = arith::ConstantIntOp::create(ob, loc, 1, 1);
    for (auto [op, opSizes] : llvm::zip(group, sizes)) {
      SmallVector<Value> streamed;
      bool any = false;
      for (OpOperand &operand : op->getOpOperands()) {
        any |= rowStreamed(op, operand);
        if (rowStreamed(op, operand) || rowInner(op, operand))
          streamed.push_back(operand.get());
      }
      if (!any)
        continue; // a member with one point per row runs scalar
      Value count = product(ob, loc, ArrayRef<Value>(opSizes).drop_front());
      Value whole = arith::CmpIOp::create(
          ob, loc, arith::CmpIPredicate::eq,
          arith::RemUIOp::create(ob, loc, count, cIndex(ob, loc, width)), cIndex(ob, loc, 0));
      cond = arith::AndIOp::create(ob, loc, cond,
                                   arith::AndIOp::create(ob, loc, whole,
                                                         allAligned16(ob, loc, streamed)));
    }
    return cond;
  };
  // Short rows: a warp per row (kWarpRowMax), when blocks are whole warps;
  // with vectors, only when they fit (the block kernels take the rest: one
  // kernel more to compile, not two).
  bool warps = ctx.blockSize >= kWarp && ctx.blockSize % kWarp == 0;
  if (warps) {
    Value shortRows = arith::ConstantIntOp::create(tb, loc, 1, 1);
    for (auto &opSizes : sizes)
      shortRows = arith::AndIOp::create(
          tb, loc, shortRows,
          arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ule,
                                product(tb, loc, ArrayRef<Value>(opSizes).drop_front()),
                                cIndex(tb, loc, kWarpRowMax)));
    if (width > 1)
      shortRows = arith::AndIOp::create(tb, loc, shortRows, vectorsFit(tb));
    auto warpIf = scf::IfOp::create(tb, loc, shortRows, /*withElse=*/true);
    OpBuilder wb = OpBuilder::atBlockBegin(&warpIf.getThenRegion().front());
    emitRowGroupKernel(ctx, wb, loc, group, sizes, combiners, {}, std::max<int64_t>(width, 1),
                       {}, true);
    tb = OpBuilder::atBlockBegin(&warpIf.getElseRegion().front());
  }
  if (width <= 1) {
    emitRowGroupKernel(ctx, tb, loc, group, sizes, combiners, smemTypes, 1);
  } else {
    auto vecIf = scf::IfOp::create(tb, loc, vectorsFit(tb), /*withElse=*/true);
    OpBuilder vb = OpBuilder::atBlockBegin(&vecIf.getThenRegion().front());
    SmallVector<Value> staged = rowStagedInputs(group);
    if (staged.empty()) {
      emitRowGroupKernel(ctx, vb, loc, group, sizes, combiners, smemTypes, width);
    } else {
      // Rows that fit in kMaxStageBytes of shared memory (shared equally
      // by the staged inputs) are read from DRAM once, into it; longer
      // ones take the kernel without staging. Each staged row is a buffer
      // of `width`-vectors: 16-byte aligned, as its vector accesses need.
      int64_t share = kMaxStageBytes / int64_t(staged.size());
      Value fits = arith::ConstantIntOp::create(vb, loc, 1, 1);
      SmallVector<Type> withStage(smemTypes);
      for (Value v : staged) {
        fits = arith::AndIOp::create(
            vb, loc, fits,
            arith::CmpIOp::create(vb, loc, arith::CmpIPredicate::ule, rowBytes(vb, loc, v),
                                  cIndex(vb, loc, share)));
        auto type = cast<MemRefType>(v.getType());
        int64_t vecBytes = width * elementBytes(type);
        withStage.push_back(MemRefType::get(
            {share / vecBytes}, VectorType::get({width}, type.getElementType()), AffineMap(),
            gpu::AddressSpaceAttr::get(vb.getContext(), gpu::AddressSpace::Workgroup)));
      }
      auto stageIf = scf::IfOp::create(vb, loc, fits, /*withElse=*/true);
      OpBuilder sb = OpBuilder::atBlockBegin(&stageIf.getThenRegion().front());
      emitRowGroupKernel(ctx, sb, loc, group, sizes, combiners, withStage, width, staged);
      OpBuilder nb = OpBuilder::atBlockBegin(&stageIf.getElseRegion().front());
      emitRowGroupKernel(ctx, nb, loc, group, sizes, combiners, smemTypes, width);
    }
    OpBuilder sb = OpBuilder::atBlockBegin(&vecIf.getElseRegion().front());
    emitRowGroupKernel(ctx, sb, loc, group, sizes, combiners, smemTypes, 1);
  }
  for (linalg::GenericOp op : group)
    op.erase();
}
} // namespace arrayc::gpumap
