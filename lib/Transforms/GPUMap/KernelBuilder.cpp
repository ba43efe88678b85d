//===- KernelBuilder.cpp - IR building blocks of the GPU mapping ----------===//
//
// Everything here builds IR with plain index arithmetic; the launch
// geometry is computed on the host at run time from the buffers' sizes.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/KernelBuilder.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace arrayc::gpumap {


/// Marks `ifOp`'s branch that large, non-empty inputs take (kLikelyBranchAttr).
scf::IfOp likely(scf::IfOp ifOp, bool thenBranch) {
  ifOp->setAttr(arrayc::kLikelyBranchAttr, BoolAttr::get(ifOp.getContext(), thenBranch));
  return ifOp;
}

Value cIndex(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value product(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value p = cIndex(b, loc, 1);
  for (Value v : values)
    p = arith::MulIOp::create(b, loc, p, v);
  return p;
}

Value ceilDiv(OpBuilder &b, Location loc, Value a, Value d) {
  return arith::CeilDivUIOp::create(b, loc, a, d);
}

/// Splits a linear index into coordinates over `sizes`, the last fastest.
/// With `narrow` the divisions are 32-bit (the caller knows every value
/// fits): a 64-bit division is several times the instructions of a 32-bit
/// one on the GPU.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes, bool narrow) {
  SmallVector<Value> coords(sizes.size());
  Type i32 = b.getI32Type(), index = b.getIndexType();
  auto toWork = [&](Value v) {
    return narrow ? Value(arith::IndexCastUIOp::create(b, loc, i32, v)) : v;
  };
  auto toIndex = [&](Value v) {
    return narrow ? Value(arith::IndexCastUIOp::create(b, loc, index, v)) : v;
  };
  if (sizes.size() > 1)
    linear = toWork(linear);
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i >= 0; --i) {
    if (i == 0) {
      coords[i] = sizes.size() > 1 ? toIndex(linear) : linear;
      break;
    }
    Value size = toWork(sizes[i]);
    coords[i] = toIndex(arith::RemUIOp::create(b, loc, linear, size));
    linear = arith::DivUIOp::create(b, loc, linear, size);
  }
  return coords;
}

/// The operand indices that `map` gives for the loop point `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (unsigned i = 0; i < map.getNumResults(); ++i) {
    AffineExpr e = map.getResult(i);
    if (auto d = dyn_cast<AffineDimExpr>(e))
      indices.push_back(ivs[d.getPosition()]);
    else if (auto c = dyn_cast<AffineConstantExpr>(e))
      indices.push_back(cIndex(b, loc, c.getValue()));
    else
      indices.push_back(affine::AffineApplyOp::create(b, loc, map.getSubMap({i}), ivs));
  }
  return indices;
}

/// Clones the body of `op` with its input block arguments bound to `inputs`
/// and its output ones to `outs` (unbound when empty: the body must not read
/// them), linalg.index d bound to ivs[d]; returns the yielded values.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp op, ValueRange inputs,
                             ValueRange outs, ArrayRef<Value> ivs) {
  IRMapping mapping;
  Block &body = op.getRegion().front();
  for (auto [i, v] : llvm::enumerate(inputs))
    mapping.map(body.getArgument(i), v);
  for (auto [k, v] : llvm::enumerate(outs))
    mapping.map(body.getArgument(inputs.size() + k), v);
  for (Operation &inner : body.without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(inner, mapping);
  }
  SmallVector<Value> yields;
  for (Value y : body.getTerminator()->getOperands())
    yields.push_back(mapping.lookupOrDefault(y));
  return yields;
}

/// Clones the body of `op` at loop point `ivs`. Input operands are loaded;
/// output block arguments read `outValues` when given, else memory (when the
/// body reads them). Returns the yielded values.
SmallVector<Value> emitBody(OpBuilder &b, Location loc, linalg::GenericOp op,
                            ArrayRef<Value> ivs, ArrayRef<Value> outValues) {
  Block &body = op.getRegion().front();
  SmallVector<Value> inputs, outs;
  for (OpOperand &operand : op->getOpOperands()) {
    bool isInit = op.isDpsInit(&operand);
    Value v = operand.get();
    if (isInit && !outValues.empty()) {
      outs.push_back(outValues[operand.getOperandNumber() - op.getNumDpsInputs()]);
      continue;
    }
    // An output the body never reads stays unloaded (its argument is unused).
    if (isa<MemRefType>(v.getType()) &&
        !(isInit && body.getArgument(operand.getOperandNumber()).use_empty())) {
      auto idx = applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs);
      v = memref::LoadOp::create(b, loc, v, idx);
    }
    (isInit ? outs : inputs).push_back(v);
  }
  return cloneBody(b, op, inputs, outs, ivs);
}

void storeOutputs(OpBuilder &b, Location loc, linalg::GenericOp op,
                  ArrayRef<Value> ivs, ArrayRef<Value> values) {
  for (auto [k, init] : llvm::enumerate(op.getDpsInitsMutable())) {
    auto idx = applyMap(b, loc, op.getMatchingIndexingMap(&init), ivs);
    memref::StoreOp::create(b, loc, values[k], init.get(), idx);
  }
}

/// A 1-d launch of `grid` x `block` threads (behind `if (guard)`), with
/// `workgroup` shared buffers; `fn` fills the kernel body.
void emitLaunch(OpBuilder &b, Location loc, Value guard, Value grid, int64_t block,
                TypeRange workgroup,
                function_ref<void(OpBuilder &, gpu::LaunchOp)> fn) {
  auto ifOp = likely(scf::IfOp::create(b, loc, guard, /*withElse=*/false), true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value one = cIndex(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, grid, one, one, cIndex(b, loc, block), one,
                                      one, /*dynamicSharedMemorySize=*/nullptr,
                                      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
                                      workgroup);
  b.setInsertionPointToStart(&launch.getBody().front());
  fn(b, launch);
  gpu::TerminatorOp::create(b, loc);
}

/// The launch's global thread index and the grid-stride step of its loops.
std::pair<Value, Value> gridStride(OpBuilder &kb, Location loc, gpu::LaunchOp l) {
  Value gid = arith::AddIOp::create(
      kb, loc, arith::MulIOp::create(kb, loc, l.getBlockIds().x, l.getBlockSize().x),
      l.getThreadIds().x);
  Value stride = arith::MulIOp::create(kb, loc, l.getGridSize().x, l.getBlockSize().x);
  return {gid, stride};
}

/// Folds `accumulate(r, acc)` over r = start, start + step, ... < count into
/// `init` (combined once, whatever it holds): kAccumulators independent
/// accumulators over r, r+step, ..., so each thread has kAccumulators loads in
/// flight (the chain through one accumulator would otherwise serialize them),
/// combined at the end, then a remainder loop from the first r the main loop
/// did not take.
Value emitStridedAccumulate(OpBuilder &kb, Location loc, const Combiner &combiner, Value init,
                            Value start, Value count, Value step,
                            function_ref<Value(OpBuilder &, Value, Value)> accumulate) {
  Value span = arith::MulIOp::create(kb, loc, step, cIndex(kb, loc, kAccumulators - 1));
  Value fits = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, count, span);
  Value limit = arith::SelectOp::create(kb, loc, fits, arith::SubIOp::create(kb, loc, count, span),
                                        cIndex(kb, loc, 0));
  Value wide = arith::MulIOp::create(kb, loc, step, cIndex(kb, loc, kAccumulators));
  // `init` seeds the first chain only (it may already hold a partial result);
  // the others start from the combiner's identity.
  SmallVector<Value> inits(kAccumulators, combinerIdentity(kb, loc, combiner, init.getType()));
  inits[0] = init;
  auto main = scf::ForOp::create(kb, loc, start, limit, wide, inits);
  {
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(main.getBody());
    SmallVector<Value> accs;
    Value r = main.getInductionVar();
    for (int64_t u = 0; u < kAccumulators; ++u) {
      accs.push_back(accumulate(kb, r, main.getRegionIterArgs()[u]));
      r = arith::AddIOp::create(kb, loc, r, step);
    }
    scf::YieldOp::create(kb, loc, accs);
  }
  Value acc = main.getResult(0);
  for (int64_t u = 1; u < kAccumulators; ++u)
    acc = combine(kb, combiner, acc, main.getResult(u));
  Value taken = arith::SelectOp::create(
      kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, limit, start),
      ceilDiv(kb, loc, arith::SubIOp::create(kb, loc, limit, start), wide), cIndex(kb, loc, 0));
  Value restStart =
      arith::AddIOp::create(kb, loc, start, arith::MulIOp::create(kb, loc, taken, wide));
  auto loop = scf::ForOp::create(kb, loc, restStart, count, step, ValueRange{acc});
  OpBuilder::InsertionGuard g(kb);
  kb.setInsertionPointToStart(loop.getBody());
  scf::YieldOp::create(kb, loc,
                       accumulate(kb, loop.getInductionVar(), loop.getRegionIterArgs()[0]));
  return loop.getResult(0);
}

/// True (an i1) when every buffer among `values` is 16-byte aligned.
Value allAligned16(OpBuilder &b, Location loc, ValueRange values) {
  Value aligned = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value cVec = cIndex(b, loc, kVectorBytes), zero = cIndex(b, loc, 0);
  for (Value v : values) {
    if (!isa<MemRefType>(v.getType()))
      continue;
    Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, v);
    Value rem = arith::RemUIOp::create(b, loc, ptr, cVec);
    aligned = arith::AndIOp::create(
        b, loc, aligned, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem, zero));
  }
  return aligned;
}

/// A flat 1-d view of the contiguous (identity-layout) buffer `v`; `v`
/// itself when it is not a buffer of rank 2 or more.
Value flatView(OpBuilder &b, Location loc, Value v) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() <= 1)
    return v;
  ReassociationIndices all;
  for (int64_t d = 0; d < type.getRank(); ++d)
    all.push_back(d);
  return memref::CollapseShapeOp::create(b, loc, v, {all}).getResult();
}

/// Flat 1-d views of `op`'s (contiguous, identity-layout) buffer operands;
/// other operands as they are.
SmallVector<Value> flatViews(OpBuilder &b, Location loc, linalg::GenericOp op) {
  SmallVector<Value> flat;
  for (Value v : op->getOperands())
    flat.push_back(flatView(b, loc, v));
  return flat;
}

/// Bytes per element of the buffer type `type` when its elements are
/// integers or floats of a whole number of bytes (vector and tile accesses
/// need that), else 0.
int64_t elementBytes(MemRefType type) {
  Type elt = type.getElementType();
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() % 8 != 0)
    return 0;
  return elt.getIntOrFloatBitWidth() / 8;
}

/// Alignment of `width` elements of `elt` at a multiple of `width` in a
/// 16-byte aligned buffer.
llvm::MaybeAlign vectorAlign(Type elt, int64_t width) {
  return llvm::MaybeAlign(std::min<int64_t>(kVectorBytes, width * elt.getIntOrFloatBitWidth() / 8));
}

/// Loads of `width` elements at `base` (a multiple of `width`) of each buffer
/// input of `op`, 16 bytes for the widest element type (null for scalar
/// inputs).
SmallVector<Value> loadVectors(OpBuilder &b, Location loc, linalg::GenericOp op,
                               ArrayRef<Value> flat, Value base, int64_t width) {
  SmallVector<Value> vectors(op.getNumDpsInputs());
  for (unsigned i = 0; i < vectors.size(); ++i)
    if (auto type = dyn_cast<MemRefType>(flat[i].getType()))
      vectors[i] = vector::LoadOp::create(b, loc, VectorType::get({width}, type.getElementType()),
                                          flat[i], base, /*nontemporal=*/false,
                                          vectorAlign(type.getElementType(), width));
  return vectors;
}

/// The inputs' values in lane `lane` of `vectors` (scalar inputs as they are).
SmallVector<Value> laneValues(OpBuilder &b, Location loc, ArrayRef<Value> vectors,
                              ArrayRef<Value> flat, int64_t lane) {
  SmallVector<Value> values;
  for (auto [i, v] : llvm::enumerate(vectors))
    values.push_back(v ? Value(vector::ExtractOp::create(b, loc, v, lane)) : flat[i]);
  return values;
}

/// Stores output k's lane values `values[k]` as one 16-byte vector at `at` of
/// the flat buffer `outs[k]`.
void storeLaneVectors(OpBuilder &kb, Location loc, ArrayRef<Value> outs,
                      ArrayRef<SmallVector<Value>> values, Value at, int64_t width) {
  for (auto [out, lanes] : llvm::zip(outs, values)) {
    Type elt = cast<MemRefType>(out.getType()).getElementType();
    Value vec = vector::FromElementsOp::create(kb, loc, VectorType::get({width}, elt), lanes);
    vector::StoreOp::create(kb, loc, vec, out, at, false, vectorAlign(elt, width));
  }
}

/// A grid-stride loop from `gid` in steps of `stride` over `groups` groups of
/// `w` points, the builder left inside it; returns the group's first point.
Value enterGroupLoop(OpBuilder &kb, Location loc, Value gid, Value stride, Value groups,
                     Value w) {
  auto loop = scf::ForOp::create(kb, loc, gid, groups, stride);
  kb.setInsertionPointToStart(loop.getBody());
  return arith::MulIOp::create(kb, loc, loop.getInductionVar(), w);
}
OpBuilder ifThen(OpBuilder &b, Location loc, Value cond) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElse=*/false);
  return OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
}

LoopSplit splitLoops(linalg::GenericOp op, ArrayRef<Value> sizes) {
  LoopSplit s;
  for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray())) {
    bool par = it == utils::IteratorType::parallel;
    (par ? s.parDims : s.redDims).push_back(d);
    (par ? s.parSizes : s.redSizes).push_back(sizes[d]);
  }
  return s;
}

SmallVector<Value> LoopSplit::point(ArrayRef<Value> parIvs, ArrayRef<Value> redIvs) const {
  SmallVector<Value> ivs(parDims.size() + redDims.size());
  for (auto [i, d] : llvm::enumerate(parDims))
    ivs[d] = parIvs[i];
  for (auto [i, d] : llvm::enumerate(redDims))
    ivs[d] = redIvs[i];
  return ivs;
}

ParallelSpace parallelSpace(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  Value total = product(b, loc, sizes);
  Value zero = cIndex(b, loc, 0);
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, total, zero);
  return {total, zero, nonEmpty};
}

/// Whether `sv` is a subview that drops exactly one dim (size 1) of its
/// source and keeps the others from offset 0 with unit strides: point p
/// of it is element (p with k inserted) of the source.
std::optional<unsigned> droppedDimOf(memref::SubViewOp sv) {
  llvm::SmallBitVector dropped = sv.getDroppedDims();
  if (dropped.count() != 1)
    return std::nullopt;
  unsigned dim = dropped.find_first();
  for (auto [d, off] : llvm::enumerate(sv.getStaticOffsets()))
    if (d != dim && off != 0)
      return std::nullopt;
  for (int64_t stride : sv.getStaticStrides())
    if (stride != 1)
      return std::nullopt;
  return dim;
}

/// Points per thread a block reduction's slices keep at least:
/// kMinPointsPerThread, fewer when each point costs transcendental math or
/// divisions (kCostlyPointsPerThread): logistic regression's loss
/// `mean(y * log(p) + (1 - y) * log(1 - p))` of 16,384 points, its sigmoid
/// fused in, ran on 4 blocks, compute-bound at 12 us.
int64_t minPointsPerThread(linalg::GenericOp op) {
  int64_t costly = 0;
  op.getBody()->walk([&](Operation *o) {
    if (isa<arith::DivFOp, arith::RemFOp>(o) ||
        (o->getDialect() && o->getDialect()->getNamespace() == "math" &&
         !isa<math::AbsFOp, math::AbsIOp, math::FmaOp, math::CopySignOp>(o)))
      ++costly;
  });
  return costly >= 2 ? kCostlyPointsPerThread : kMinPointsPerThread;
}

/// Blocks (slices) per output of a reduction of P outputs over R points
/// each: P * S about one wave of resident blocks (read from the device at
/// run time) when outputs are few, at least `minPoints` points per thread,
/// and S <= 4096 for the pass over the partials.
Value slicesPerOutput(const MapContext &ctx, OpBuilder &b, Location loc, Value P, Value R,
                      int64_t minPoints) {
  Value one = cIndex(b, loc, 1);
  Value Pmin1 = arith::MaxUIOp::create(b, loc, P, one);
  Value byWork = ceilDiv(b, loc, R, cIndex(b, loc, ctx.blockSize * minPoints));
  Value byOutputs = ceilDiv(b, loc, cIndex(b, loc, kMaxSlices), Pmin1);
  Value byWave = ceilDiv(b, loc, residentBlocks(ctx, b, loc), Pmin1);
  return arith::MaxUIOp::create(
      b, loc, one,
      arith::MinUIOp::create(b, loc, byWork, arith::MinUIOp::create(b, loc, byOutputs, byWave)));
}

/// Blocks of `blockSize` threads the device keeps resident (one wave), read
/// at run time: a call of the runtime's arrayc_rt_gpu_resident_blocks,
/// declared in the module on first use.
Value residentBlocks(const MapContext &ctx, OpBuilder &b, Location loc) {
  ModuleOp module = ctx.module;
  constexpr StringLiteral name = "arrayc_rt_gpu_resident_blocks";
  auto i64 = b.getI64Type();
  auto callee = module.lookupSymbol<func::FuncOp>(name);
  if (!callee) {
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    callee = func::FuncOp::create(mb, loc, name, mb.getFunctionType({i64}, {i64}));
    callee.setPrivate();
  }
  Value threads = arith::ConstantIntOp::create(b, loc, i64, ctx.blockSize);
  Value n = func::CallOp::create(b, loc, callee, ValueRange{threads}).getResult(0);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), n);
}

/// `n` zeroed i32 counters on the current stream, from the runtime
/// (`arrayc_rt.gpu_counters`, declared in the module on first use with a C
/// interface: the runtime fills a memref descriptor). The '.' keeps its C
/// wrapper, `_mlir_ciface_arrayc_rt.gpu_counters`, out of the names
/// exported functions' wrappers take (Transforms/Symbols.h).
Value runtimeCounters(const MapContext &ctx, OpBuilder &b, Location loc, Value n) {
  ModuleOp module = ctx.module;
  constexpr StringLiteral name = "arrayc_rt.gpu_counters";
  auto type = MemRefType::get({ShapedType::kDynamic}, b.getI32Type());
  auto callee = module.lookupSymbol<func::FuncOp>(name);
  if (!callee) {
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    callee = func::FuncOp::create(mb, loc, name, mb.getFunctionType({b.getI64Type()}, {type}));
    callee.setPrivate();
    callee->setAttr("llvm.emit_c_interface", mb.getUnitAttr());
  }
  Value count = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), n);
  return func::CallOp::create(b, loc, callee, ValueRange{count}).getResult(0);
}

/// One thread per point of [0, count): a launch of 256-thread blocks (grid
/// capped at max-blocks, nothing launched when count is 0) running a
/// grid-stride loop; `body` builds the work at point `iv`.
void emitGridStrideLoop(const MapContext &ctx, OpBuilder &b, Location loc, Value count,
                        function_ref<void(OpBuilder &, Value)> body) {
  Value bs = cIndex(b, loc, ctx.blockSize);
  Value grid = arith::MinUIOp::create(b, loc, ceilDiv(b, loc, count, bs),
                                      cIndex(b, loc, ctx.maxBlocks));
  Value nonEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, count, cIndex(b, loc, 0));
  emitLaunch(b, loc, nonEmpty, grid, ctx.blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
    auto [gid, stride] = gridStride(kb, loc, l);
    auto loop = scf::ForOp::create(kb, loc, gid, count, stride);
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(loop.getBody());
    body(kb, loop.getInductionVar());
  });
}

/// Blocks for a grid-stride loop over `groups` (at least one, at most
/// max-blocks).
Value groupGrid(const MapContext &ctx, OpBuilder &b, Location loc, Value groups) {
  Value bs = cIndex(b, loc, ctx.blockSize);
  return arith::MinUIOp::create(
      b, loc, arith::MaxUIOp::create(b, loc, ceilDiv(b, loc, groups, bs), cIndex(b, loc, 1)),
      cIndex(b, loc, ctx.maxBlocks));
}

/// A launch of at most maxBlocks blocks, block b taking jobs b, b + grid,
/// ... < `jobs` (each block's trip count is the same for all its threads,
/// so `body` may use barriers).
void emitBlockPerJob(const MapContext &ctx, OpBuilder &b, Location loc, Value guard, Value jobs,
                     TypeRange workgroup,
                     function_ref<void(OpBuilder &, gpu::LaunchOp, Value)> body) {
  Value grid = arith::MinUIOp::create(b, loc, jobs, cIndex(b, loc, ctx.maxBlocks));
  emitLaunch(b, loc, guard, grid, ctx.blockSize, workgroup, [&](OpBuilder &kb, gpu::LaunchOp l) {
    auto loop = scf::ForOp::create(kb, loc, l.getBlockIds().x, jobs, l.getGridSize().x);
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(loop.getBody());
    body(kb, l, loop.getInductionVar());
  });
}

/// `gpu.shuffle` (`mode`) of any integer or float scalar: floats as
/// integers of their width, narrower than 32 bits widened, 64 bits as two
/// 32-bit halves.
Value emitShuffle(OpBuilder &kb, Location loc, Value v, int64_t offset, int64_t width,
                         gpu::ShuffleMode mode) {
  Type t = v.getType();
  unsigned bits = t.getIntOrFloatBitWidth();
  Type it = kb.getIntegerType(bits), i32 = kb.getI32Type();
  auto shuffle32 = [&](Value x) {
    return gpu::ShuffleOp::create(kb, loc, x, offset, width, mode)
        .getShuffleResult();
  };
  Value x = isa<FloatType>(t) ? Value(arith::BitcastOp::create(kb, loc, it, v)) : v;
  Value r;
  if (bits == 32) {
    r = shuffle32(x);
  } else if (bits < 32) {
    r = arith::TruncIOp::create(kb, loc, it,
                                shuffle32(arith::ExtUIOp::create(kb, loc, i32, x)));
  } else {
    Type i64 = kb.getI64Type();
    Value c32 = arith::ConstantIntOp::create(kb, loc, i64, 32);
    Value lo = shuffle32(arith::TruncIOp::create(kb, loc, i32, x));
    Value hi = shuffle32(
        arith::TruncIOp::create(kb, loc, i32, arith::ShRUIOp::create(kb, loc, x, c32)));
    r = arith::OrIOp::create(
        kb, loc, arith::ShLIOp::create(kb, loc, arith::ExtUIOp::create(kb, loc, i64, hi), c32),
        arith::ExtUIOp::create(kb, loc, i64, lo));
  }
  return isa<FloatType>(t) ? Value(arith::BitcastOp::create(kb, loc, t, r)) : r;
}

/// Tree-combines `value` of every thread of the block through `smem`; the
/// result is valid in thread 0. For block sizes that are not whole warps.
Value emitBlockReduceTree(const MapContext &ctx, OpBuilder &kb, Location loc, const Combiner &combiner,
                          Value smem, Value tid, Value value) {
  gpu::BarrierOp::create(kb, loc);
  memref::StoreOp::create(kb, loc, value, smem, tid);
  gpu::BarrierOp::create(kb, loc);
  for (int64_t half = ctx.blockSize / 2; half >= 1; half /= 2) {
    Value active = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, tid,
                                         cIndex(kb, loc, half));
    auto ifOp = scf::IfOp::create(kb, loc, active, false);
    {
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(&ifOp.getThenRegion().front());
      Value mine = memref::LoadOp::create(kb, loc, smem, tid);
      Value other = memref::LoadOp::create(
          kb, loc, smem, ValueRange{arith::AddIOp::create(kb, loc, tid, cIndex(kb, loc, half))});
      memref::StoreOp::create(kb, loc, combine(kb, combiner, mine, other), smem, tid);
    }
    gpu::BarrierOp::create(kb, loc);
  }
  return memref::LoadOp::create(kb, loc, smem, ValueRange{cIndex(kb, loc, 0)});
}

/// Combines `value` of every thread of the block; the result is valid in
/// thread 0. Each warp combines its 32 values with xor shuffles, lane 0
/// of each warp leaves its result in smem[warp], and warp 0 combines those
/// the same way: two barriers in all (the first keeps the previous
/// reduction's reads of `smem` ahead of this one's writes).
Value emitWarpReduce(OpBuilder &kb, Location loc, const Combiner &combiner, Value value) {
  for (int64_t offset = kWarp / 2; offset >= 1; offset /= 2)
    value = combine(kb, combiner, value,
                    emitShuffle(kb, loc, value, offset, kWarp, gpu::ShuffleMode::XOR));
  return value;
}

Value emitBlockReduce(const MapContext &ctx, OpBuilder &kb, Location loc, const Combiner &combiner,
                      Value smem, Value tid, Value value) {
  if (ctx.blockSize < kWarp || ctx.blockSize % kWarp != 0)
    return emitBlockReduceTree(ctx, kb, loc, combiner, smem, tid, value);
  Type elt = value.getType();
  auto warpReduce = [&](Value v) { return emitWarpReduce(kb, loc, combiner, v); };
  Value c0 = cIndex(kb, loc, 0), warpSize = cIndex(kb, loc, kWarp);
  Value lane = arith::RemUIOp::create(kb, loc, tid, warpSize);
  Value warp = arith::DivUIOp::create(kb, loc, tid, warpSize);
  gpu::BarrierOp::create(kb, loc);
  Value partial = warpReduce(value);
  {
    auto ifLane0 = scf::IfOp::create(
        kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, lane, c0), false);
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(&ifLane0.getThenRegion().front());
    memref::StoreOp::create(kb, loc, partial, smem, warp);
  }
  gpu::BarrierOp::create(kb, loc);
  auto ifWarp0 = scf::IfOp::create(
      kb, loc, TypeRange{elt},
      arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, warp, c0), true);
  {
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(&ifWarp0.getThenRegion().front());
    Value have = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, lane,
                                       cIndex(kb, loc, ctx.blockSize / kWarp));
    auto ifHave = scf::IfOp::create(kb, loc, TypeRange{elt}, have, true);
    {
      OpBuilder::InsertionGuard g2(kb);
      kb.setInsertionPointToStart(&ifHave.getThenRegion().front());
      scf::YieldOp::create(kb, loc, ValueRange{memref::LoadOp::create(kb, loc, smem, lane)});
      kb.setInsertionPointToStart(&ifHave.getElseRegion().front());
      scf::YieldOp::create(kb, loc, combinerIdentity(kb, loc, combiner, elt));
    }
    scf::YieldOp::create(kb, loc, warpReduce(ifHave.getResult(0)));
    kb.setInsertionPointToStart(&ifWarp0.getElseRegion().front());
    scf::YieldOp::create(kb, loc, partial);
  }
  return ifWarp0.getResult(0);
}
} // namespace arrayc::gpumap
