//===- GPUMapLinalg.cpp - linalg.generic on memrefs to gpu.launch ---------===//
//
// See Passes.td for the mapping. Everything here builds IR with plain index
// arithmetic; the launch geometry is computed on the host at run time from
// the buffers' sizes.
//
//===----------------------------------------------------------------------===//

#include "Transforms/ArgReduce.h"
#include "Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace arrayc {
#define GEN_PASS_DEF_GPUMAPLINALG
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

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
                               ArrayRef<Value> sizes, bool narrow = false) {
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
                             ValueRange outs, ArrayRef<Value> ivs = {}) {
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
                            ArrayRef<Value> ivs, ArrayRef<Value> outValues = {}) {
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

/// Identity of a reduction combiner, or null when it is not one we know.
Value combinerIdentity(OpBuilder &b, Location loc, Operation *combiner, Type t) {
  auto intAttr = [&](APInt v) -> Value {
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  };
  auto floatAttr = [&](APFloat v) -> Value {
    return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
  };
  unsigned w = t.getIntOrFloatBitWidth();
  const llvm::fltSemantics *sem =
      isa<FloatType>(t) ? &cast<FloatType>(t).getFloatSemantics() : nullptr;
  return TypeSwitch<Operation *, Value>(combiner)
      .Case<arith::AddFOp>([&](auto) { return floatAttr(APFloat::getZero(*sem, true)); })
      .Case<arith::MulFOp>([&](auto) { return floatAttr(APFloat::getOne(*sem)); })
      .Case<arith::MaximumFOp, arith::MaxNumFOp>(
          [&](auto) { return floatAttr(APFloat::getInf(*sem, true)); })
      .Case<arith::MinimumFOp, arith::MinNumFOp>(
          [&](auto) { return floatAttr(APFloat::getInf(*sem, false)); })
      .Case<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(
          [&](auto) { return intAttr(APInt::getZero(w)); })
      .Case<arith::MulIOp>([&](auto) { return intAttr(APInt(w, 1)); })
      .Case<arith::AndIOp, arith::MinUIOp>([&](auto) { return intAttr(APInt::getAllOnes(w)); })
      .Case<arith::MaxSIOp>([&](auto) { return intAttr(APInt::getSignedMinValue(w)); })
      .Case<arith::MinSIOp>([&](auto) { return intAttr(APInt::getSignedMaxValue(w)); })
      .Default([](Operation *) { return Value(); });
}

/// `combiner` applied to (a, b), keeping its operation and attributes.
Value combine(OpBuilder &b, Operation *combiner, Value x, Value y) {
  IRMapping m;
  m.map(combiner->getOperand(0), x);
  m.map(combiner->getOperand(1), y);
  return b.clone(*combiner, m)->getResult(0);
}

/// The combiner of a single-output reduction whose identity we know (so it
/// can be split across threads), else null.
Operation *reductionCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return nullptr;
  SmallVector<Operation *, 4> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) || combiners.size() != 1)
    return nullptr;
  Operation *combiner = combiners.front();
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1)
    return nullptr;
  auto outType = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!outType || !outType.getElementType().isIntOrFloat())
    return nullptr;
  OpBuilder probe(op);
  Value id = combinerIdentity(probe, op.getLoc(), combiner, outType.getElementType());
  if (!id)
    return nullptr;
  id.getDefiningOp()->erase();
  return combiner;
}

/// Folds `accumulate(r, acc)` over r = start, start + step, ... < count into
/// `init` (combined once, whatever it holds): kUnroll independent
/// accumulators over r, r+step, ..., so each thread has kUnroll loads in
/// flight (the chain through one accumulator would otherwise serialize them),
/// combined at the end, then a remainder loop from the first r the main loop
/// did not take.
Value emitStridedAccumulate(OpBuilder &kb, Location loc, Operation *combiner, Value init,
                            Value start, Value count, Value step,
                            function_ref<Value(OpBuilder &, Value, Value)> accumulate) {
  constexpr int64_t kUnroll = 4;
  Value span = arith::MulIOp::create(kb, loc, step, cIndex(kb, loc, kUnroll - 1));
  Value fits = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, count, span);
  Value limit = arith::SelectOp::create(kb, loc, fits, arith::SubIOp::create(kb, loc, count, span),
                                        cIndex(kb, loc, 0));
  Value wide = arith::MulIOp::create(kb, loc, step, cIndex(kb, loc, kUnroll));
  // `init` seeds the first chain only (it may already hold a partial result);
  // the others start from the combiner's identity.
  SmallVector<Value> inits(kUnroll, combinerIdentity(kb, loc, combiner, init.getType()));
  inits[0] = init;
  auto main = scf::ForOp::create(kb, loc, start, limit, wide, inits);
  {
    OpBuilder::InsertionGuard g(kb);
    kb.setInsertionPointToStart(main.getBody());
    SmallVector<Value> accs;
    Value r = main.getInductionVar();
    for (int64_t u = 0; u < kUnroll; ++u) {
      accs.push_back(accumulate(kb, r, main.getRegionIterArgs()[u]));
      r = arith::AddIOp::create(kb, loc, r, step);
    }
    scf::YieldOp::create(kb, loc, accs);
  }
  Value acc = main.getResult(0);
  for (int64_t u = 1; u < kUnroll; ++u)
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
  Value c16 = cIndex(b, loc, 16), zero = cIndex(b, loc, 0);
  for (Value v : values) {
    if (!isa<MemRefType>(v.getType()))
      continue;
    Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, v);
    Value rem = arith::RemUIOp::create(b, loc, ptr, c16);
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
  return llvm::MaybeAlign(std::min<int64_t>(16, width * elt.getIntOrFloatBitWidth() / 8));
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

struct GPUMapLinalgPass : arrayc::impl::GPUMapLinalgBase<GPUMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto fn : llvm::make_early_inc_range(getOperation().getOps<func::FuncOp>()))
      if (failed(mapFunction(fn)))
        return signalPassFailure();
  }

  LogicalResult mapFunction(func::FuncOp fn) {
    // Loops of elementwise steps (scans) first, then row groups; their
    // fallbacks are mapped one generic at a time below.
    SmallVector<scf::ForOp> loops;
    fn.walk([&](scf::ForOp loop) {
      if (!loop->getParentOfType<gpu::LaunchOp>())
        loops.push_back(loop);
    });
    // Without `fuse`: one kernel per generic (scans keep their algorithm).
    for (scf::ForOp loop : loops) {
      if (std::optional<ScanLoop> scan = matchScanLoop(loop))
        emitParallelScan(loop, *scan); // keeps `loop` for short rows
      if (fuse)
        sinkLoopIntoKernel(loop);
    }
    SmallVector<SmallVector<linalg::GenericOp>> groups;
    if (fuse)
      fn.walk([&](Block *block) { formRowGroups(*block, groups); });
    for (auto &group : groups)
      emitRowGroup(group);
    SmallVector<linalg::GenericOp> reductions;
    fn.walk([&](linalg::GenericOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>() && op.hasPureBufferSemantics() &&
          op.getNumReductionLoops() > 0 && reductionCombiner(op))
        reductions.push_back(op);
    });
    if (fuse)
      for (linalg::GenericOp op : reductions)
        foldIntoReduction(op);
    SmallVector<linalg::GenericOp> ops;
    fn.walk([&](linalg::GenericOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>() && !epilogueOf.count(op))
        ops.push_back(op);
    });
    for (linalg::GenericOp op : ops) {
      if (!op.hasPureBufferSemantics()) {
        return op.emitOpError(
            "arrayc-gpu-map-linalg expects buffer semantics (run bufferization first)");
      }
      OpBuilder b(op);
      Location loc = op.getLoc();
      SmallVector<Value> sizes;
      for (Range r : cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
        sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
      auto map = [&](OpBuilder &mb) {
        if (op.getNumReductionLoops() == 0)
          mapParallel(mb, loc, op, sizes);
        else if (!mapReduction(mb, loc, op, sizes) && !mapArgReduction(mb, loc, op, sizes))
          mapSequentialReduction(mb, loc, op, sizes);
      };
      switch (indexWidth(op)) {
      case IndexWidth::Wide:
        map(b);
        break;
      case IndexWidth::Narrow:
        narrowIndex = true;
        map(b);
        narrowIndex = false;
        break;
      case IndexWidth::ByRunTimeCheck: {
        Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule,
                                           product(b, loc, sizes), cIndex(b, loc, kNarrowMax));
        auto ifOp = scf::IfOp::create(b, loc, fits, /*withElse=*/true);
        OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
        narrowIndex = true;
        map(tb);
        narrowIndex = false;
        OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
        map(eb);
        break;
      }
      }
      if (linalg::GenericOp epilogue = epilogues.lookup(op)) {
        epilogueOf.erase(epilogue);
        epilogue.erase();
      }
      epilogues.erase(op);
      initValues.erase(op);
      op.erase();
    }
    return success();
  }

  //===--------------------------------------------------------------------===//
  // A reduction's neighbours folded into its kernels: the fill of its output
  // just before it, and a 0-d elementwise op on its result just after it.
  //===--------------------------------------------------------------------===//

  /// The value a fill of the reduction's output wrote (its kernel stores
  /// combine(total, value) without reading the output); absent: it reads it.
  DenseMap<Operation *, Value> initValues;
  /// A full reduction's 0-d epilogue, computed by its stage 2 from the total.
  DenseMap<Operation *, linalg::GenericOp> epilogues;
  DenseSet<Operation *> epilogueOf;

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
  void foldIntoReduction(linalg::GenericOp op) {
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
        initValues[op] = cst;
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
    epilogues[op] = epilogue;
    epilogueOf.insert(epilogue);
  }

  /// Stores combine(total, output's old value, or the folded fill's value)
  /// at `outIdx`, then the folded epilogue's outputs from it, if any.
  void storeReductionResult(OpBuilder &kb, Location loc, linalg::GenericOp op,
                            Operation *combiner, Value total, ArrayRef<Value> outIdx) {
    Value out = op.getDpsInits()[0];
    Value init = initValues.lookup(op);
    if (!init)
      init = memref::LoadOp::create(kb, loc, out, outIdx);
    Value result = combine(kb, combiner, total, init);
    memref::StoreOp::create(kb, loc, result, out, outIdx);
    linalg::GenericOp epilogue = epilogues.lookup(op);
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

  /// Blocks of `blockSize` threads the device keeps resident (one wave), read
  /// at run time: a call of the runtime's arrayc_rt_gpu_resident_blocks,
  /// declared in the module on first use.
  /// Blocks (slices) per output of a reduction of P outputs over R points
  /// each: P * S about one wave of resident blocks (read from the device at
  /// run time) when outputs are few, at least 16 points per thread, and
  /// S <= 4096 for the pass over the partials.
  Value slicesPerOutput(OpBuilder &b, Location loc, Value P, Value R) {
    Value one = cIndex(b, loc, 1);
    Value Pmin1 = arith::MaxUIOp::create(b, loc, P, one);
    Value byWork = ceilDiv(b, loc, R, cIndex(b, loc, blockSize * 16));
    Value byOutputs = ceilDiv(b, loc, cIndex(b, loc, 4096), Pmin1);
    Value byWave = ceilDiv(b, loc, residentBlocks(b, loc), Pmin1);
    return arith::MaxUIOp::create(
        b, loc, one,
        arith::MinUIOp::create(b, loc, byWork, arith::MinUIOp::create(b, loc, byOutputs, byWave)));
  }

  Value residentBlocks(OpBuilder &b, Location loc) {
    ModuleOp module = getOperation();
    constexpr StringLiteral name = "arrayc_rt_gpu_resident_blocks";
    auto i64 = b.getI64Type();
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
      callee = func::FuncOp::create(mb, loc, name, mb.getFunctionType({i64}, {i64}));
      callee.setPrivate();
    }
    Value threads = arith::ConstantIntOp::create(b, loc, i64, blockSize);
    Value n = func::CallOp::create(b, loc, callee, ValueRange{threads}).getResult(0);
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), n);
  }

  //===--------------------------------------------------------------------===//
  // Index width, per kernel: the coordinates of a loop point come from its
  // linear index by division, in 32 bits when the iteration space has at most
  // 2^31 - 1 points (any coordinate and linear index then fits), else in 64.
  //===--------------------------------------------------------------------===//

  static constexpr int64_t kNarrowMax = std::numeric_limits<int32_t>::max();
  /// Set while emitting a kernel whose divisions are 32-bit.
  bool narrowIndex = false;

  enum class IndexWidth { Wide, Narrow, ByRunTimeCheck };

  /// Wide when the kernels divide nothing (one loop, or a reduction with one
  /// parallel and one reduction loop: the choice would change nothing);
  /// else Narrow or Wide from static sizes, or both kernels behind a
  /// run-time check of the iteration count.
  static IndexWidth indexWidth(linalg::GenericOp op) {
    unsigned par = op.getNumParallelLoops(), red = op.getNumReductionLoops();
    bool divides = red == 0 ? par > 1 : (par > 1 || red > 1);
    if (!divides)
      return IndexWidth::Wide;
    int64_t total = 1;
    for (int64_t size : op.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(size))
        return IndexWidth::ByRunTimeCheck;
      if (size > kNarrowMax || (total *= size) > kNarrowMax)
        return IndexWidth::Wide;
    }
    return IndexWidth::Narrow;
  }

  //===--------------------------------------------------------------------===//
  // Loops of elementwise steps: a host scf.for whose body is elementwise
  // generics on views that give each point of the steps' iteration space
  // its own elements in every step (a scan: step k combines x[..., k, ...]
  // into the running total and writes out[..., k, ...]). Each point's steps
  // then depend only on that point, so one kernel runs them: a thread per
  // point, the loop inside, instead of one launch per step.
  //===--------------------------------------------------------------------===//

  /// Whether `sv` is a subview that drops exactly one dim (size 1) of its
  /// source and keeps the others from offset 0 with unit strides: point p
  /// of it is element (p with k inserted) of the source.
  static std::optional<unsigned> droppedDimOf(memref::SubViewOp sv) {
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

  void sinkLoopIntoKernel(scf::ForOp loop) {
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
    emitGridStrideLoop(tb, loc, product(tb, loc, sizes[0]), [&](OpBuilder &kb, Value point) {
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

  //===--------------------------------------------------------------------===//
  // Scans along the innermost axis (loops marked kScanLoopAttr). Each row of
  // n elements is cut into tiles of kScanItems * blockSize; a block scans a
  // tile with warp shuffles (lane l of warp w holds elements w*32*K + j*32 + l,
  // j < K, so every load and store is coalesced) and shared memory across
  // warps. Rows of more than one tile take three kernels (reduce, then scan,
  // then scan again): tile totals, their scan per row (in place), and each
  // tile's scan seeded with the total of the tiles before it. Rows shorter
  // than kScanMinLength keep the loop, a thread per row.
  //===--------------------------------------------------------------------===//

  static constexpr int64_t kScanItems = 16;
  static constexpr int64_t kScanMinLength = 256;
  static constexpr int64_t kWarp = 32;

  /// A scan loop's input and output buffers and the op combining an element
  /// into the running total.
  struct ScanLoop {
    Value input, output;
    Operation *combiner = nullptr;
  };

  /// The scan of `loop` when it is a marked scan from 0 in steps of 1 along
  /// the innermost axis of one input and one output, with a combiner whose
  /// identity we know; else nothing.
  std::optional<ScanLoop> matchScanLoop(scf::ForOp loop) {
    if (!loop->hasAttr(arrayc::kScanLoopAttr) || loop.getNumResults() != 0 || blockSize < kWarp ||
        blockSize % kWarp != 0 || !isConstantIntValue(loop.getLowerBound(), 0) ||
        !isConstantIntValue(loop.getStep(), 1))
      return std::nullopt;
    ScanLoop scan;
    for (Operation &o : loop.getBody()->without_terminator()) {
      auto g = dyn_cast<linalg::GenericOp>(o);
      if (!g)
        continue;
      for (OpOperand &operand : g->getOpOperands()) {
        auto sv = operand.get().getDefiningOp<memref::SubViewOp>();
        if (!sv || !loop.isDefinedOutsideOfLoop(sv.getSource()))
          continue;
        std::optional<unsigned> dim = droppedDimOf(sv);
        if (!dim || *dim + 1 != static_cast<unsigned>(sv.getSourceType().getRank()))
          return std::nullopt;
        bool read = g.isDpsInput(&operand);
        Value &slot = read ? scan.input : scan.output;
        if (slot && slot != sv.getSource())
          return std::nullopt;
        slot = sv.getSource();
        if (!read)
          continue;
        // The step folding x[k] into the total: one binary op of x[k].
        Block &body = g.getRegion().front();
        Operation &first = body.front();
        if (body.getOperations().size() != 2 || first.getNumOperands() != 2 ||
            first.getNumResults() != 1 ||
            !llvm::is_contained(first.getOperands(), body.getArgument(operand.getOperandNumber())))
          return std::nullopt;
        scan.combiner = &first;
      }
    }
    if (!scan.input || !scan.output || !scan.combiner)
      return std::nullopt;
    Type elt = cast<MemRefType>(scan.output.getType()).getElementType();
    if (cast<MemRefType>(scan.input.getType()).getElementType() != elt ||
        scan.combiner->getResult(0).getType() != elt || !elt.isIntOrFloat())
      return std::nullopt;
    OpBuilder probe(loop);
    Value id = combinerIdentity(probe, loop.getLoc(), scan.combiner, elt);
    if (!id)
      return std::nullopt;
    id.getDefiningOp()->erase();
    return scan;
  }

  /// Scans the tile of kScanItems * blockSize elements from `start` of a row
  /// of `length` elements (those past it read as the identity) after
  /// `prefix`: `store(i, v)` gets each element's inclusive scan when given.
  /// Returns the tile's total (without `prefix`) in every thread. Uses
  /// `smem[0, warps)`.
  Value emitTileScan(OpBuilder &kb, Location loc, Operation *combiner, Value smem, Value tid,
                     Value start, Value length, Value prefix,
                     function_ref<Value(OpBuilder &, Value)> load,
                     function_ref<void(OpBuilder &, Value, Value)> store) {
    Type elt = prefix.getType();
    Value identity = combinerIdentity(kb, loc, combiner, elt);
    Value warpSize = cIndex(kb, loc, kWarp);
    Value lane = arith::RemUIOp::create(kb, loc, tid, warpSize);
    Value warp = arith::DivUIOp::create(kb, loc, tid, warpSize);
    Value base = arith::AddIOp::create(
        kb, loc, start,
        arith::AddIOp::create(kb, loc,
                              arith::MulIOp::create(kb, loc, warp, cIndex(kb, loc, kWarp * kScanItems)),
                              lane));
    Value last = arith::SubIOp::create(kb, loc, length, cIndex(kb, loc, 1));
    SmallVector<Value> index, inside, values;
    for (int64_t j = 0; j < kScanItems; ++j) {
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
    Value before = identity, total = identity;
    for (int64_t w = 0; w < blockSize / kWarp; ++w) {
      Value t = memref::LoadOp::create(kb, loc, smem, ValueRange{cIndex(kb, loc, w)});
      Value earlier = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, cIndex(kb, loc, w), warp);
      before = arith::SelectOp::create(kb, loc, earlier, combine(kb, combiner, before, t), before);
      total = combine(kb, combiner, total, t);
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

  /// A launch of at most maxBlocks blocks, block b taking jobs b, b + grid,
  /// ... < `jobs` (each block's trip count is the same for all its threads,
  /// so `body` may use barriers).
  void emitBlockPerJob(OpBuilder &b, Location loc, Value guard, Value jobs, TypeRange workgroup,
                       function_ref<void(OpBuilder &, gpu::LaunchOp, Value)> body) {
    Value grid = arith::MinUIOp::create(b, loc, jobs, cIndex(b, loc, maxBlocks));
    emitLaunch(b, loc, guard, grid, blockSize, workgroup, [&](OpBuilder &kb, gpu::LaunchOp l) {
      auto loop = scf::ForOp::create(kb, loc, l.getBlockIds().x, jobs, l.getGridSize().x);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(loop.getBody());
      body(kb, l, loop.getInductionVar());
    });
  }

  void emitParallelScan(scf::ForOp loop, const ScanLoop &scan) {
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
    Value tiles = ceilDiv(b, loc, n, cIndex(b, loc, kScanItems * blockSize));
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

    OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    auto smemType = MemRefType::get(
        {blockSize / kWarp}, elt, AffineMap(),
        gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup));
    Value jobs = arith::MulIOp::create(tb, loc, rows, tiles);
    Value totals = memref::AllocOp::create(tb, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                           ValueRange{jobs});
    auto element = [&](OpBuilder &kb, Value buffer, Value row, Value i) {
      SmallVector<Value> idx =
          rowSizes.empty() ? SmallVector<Value>{} : delinearize(kb, loc, row, rowSizes);
      idx.push_back(i);
      return idx;
    };
    auto tileOf = [&](OpBuilder &kb, Value job) {
      Value row = arith::DivUIOp::create(kb, loc, job, tiles);
      Value tile = arith::RemUIOp::create(kb, loc, job, tiles);
      Value start = arith::MulIOp::create(kb, loc, tile, cIndex(kb, loc, kScanItems * blockSize));
      return std::make_tuple(row, tile, start);
    };
    auto loadInput = [&](Value row) {
      return [&, row](OpBuilder &kb, Value i) -> Value {
        return memref::LoadOp::create(kb, loc, scan.input, element(kb, scan.input, row, i));
      };
    };
    Value several = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, tiles, one);
    // 1. Each tile's total.
    emitBlockPerJob(tb, loc, several, jobs, smemType, [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
      auto [row, tile, start] = tileOf(kb, job);
      Value total = emitTileScan(kb, loc, combiner, l.getWorkgroupAttributions()[0],
                                 l.getThreadIds().x, start, n,
                                 combinerIdentity(kb, loc, combiner, elt), loadInput(row), nullptr);
      Value first = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, l.getThreadIds().x,
                                          cIndex(kb, loc, 0));
      auto ifFirst = scf::IfOp::create(kb, loc, first, false);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(&ifFirst.getThenRegion().front());
      memref::StoreOp::create(kb, loc, total, totals, job);
    });
    // 2. Per row, the inclusive scan of its tiles' totals, in place, a tile
    //    of them at a time.
    emitBlockPerJob(tb, loc, several, rows, smemType, [&](OpBuilder &kb, gpu::LaunchOp l, Value row) {
      Value rowStart = arith::MulIOp::create(kb, loc, row, tiles);
      auto at = [&](OpBuilder &ib, Value i) { return arith::AddIOp::create(ib, loc, rowStart, i); };
      auto chunks = scf::ForOp::create(kb, loc, zero, tiles,
                                       cIndex(kb, loc, kScanItems * blockSize),
                                       ValueRange{combinerIdentity(kb, loc, combiner, elt)});
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(chunks.getBody());
      Value carry = chunks.getRegionIterArgs()[0];
      Value total = emitTileScan(
          kb, loc, combiner, l.getWorkgroupAttributions()[0], l.getThreadIds().x,
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
    emitBlockPerJob(tb, loc, nonEmpty, jobs, smemType, [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
      auto [row, tile, start] = tileOf(kb, job);
      Value hasBefore = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, tile, zero);
      auto prefixIf = scf::IfOp::create(kb, loc, TypeRange{elt}, hasBefore, true);
      {
        OpBuilder::InsertionGuard g(kb);
        kb.setInsertionPointToStart(&prefixIf.getThenRegion().front());
        scf::YieldOp::create(kb, loc, ValueRange{memref::LoadOp::create(
                                          kb, loc, totals,
                                          ValueRange{arith::SubIOp::create(kb, loc, job, one)})});
        kb.setInsertionPointToStart(&prefixIf.getElseRegion().front());
        scf::YieldOp::create(kb, loc, combinerIdentity(kb, loc, combiner, elt));
      }
      emitTileScan(kb, loc, combiner, l.getWorkgroupAttributions()[0], l.getThreadIds().x, start,
                   n, prefixIf.getResult(0), loadInput(row), [&](OpBuilder &ib, Value i, Value v) {
                     memref::StoreOp::create(ib, loc, v, scan.output,
                                             element(ib, scan.output, row, i));
                   });
    });
    memref::DeallocOp::create(tb, loc, totals);
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

  //===--------------------------------------------------------------------===//
  // Row groups: consecutive generics that each work row by row over the same
  // rows (loop 0), at least one of them reducing a row, run as one kernel
  // with one block per row (softmax, layernorm: a row is reduced, then used).
  //===--------------------------------------------------------------------===//

  /// Rows below this take the per-op kernels (one block per row would not
  /// fill the GPU; those kernels split a row over several blocks).
  static constexpr int64_t kMinRows = 512;

  enum class RowKind { None, Elementwise, Reduction };

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

  /// The buffer under every view of `v`.
  static Value baseBuffer(Value v) {
    while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
      v = view.getViewSource();
    return v;
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

  /// One kernel for `group`, one block per row (block-stride over rows):
  /// each member in turn over the row's inner points, `blockSize` threads
  /// striding them; a reduction combines per thread, then through shared
  /// memory, and thread 0 stores the row's result; a barrier between
  /// members makes a member's writes visible to the next. Taken when the
  /// members' row counts agree and there are at least kMinRows rows;
  /// otherwise the members run as their own kernels (clones mapped later).
  void emitRowGroup(SmallVectorImpl<linalg::GenericOp> &group) {
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
            {blockSize}, cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType(),
            AffineMap(),
            gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)));
    }
    int64_t width = rowVectorWidth(group);
    if (width <= 1) {
      emitRowGroupKernel(tb, loc, group, sizes, combiners, smemTypes, 1);
    } else {
      // 16-byte accesses when every streamed buffer is 16-byte aligned and
      // every member's row length is a multiple of `width` (each row then
      // starts on a group); else the scalar kernel.
      Value cond = arith::ConstantIntOp::create(tb, loc, 1, 1);
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
        Value count = product(tb, loc, ArrayRef<Value>(opSizes).drop_front());
        Value whole = arith::CmpIOp::create(
            tb, loc, arith::CmpIPredicate::eq,
            arith::RemUIOp::create(tb, loc, count, cIndex(tb, loc, width)), cIndex(tb, loc, 0));
        cond = arith::AndIOp::create(tb, loc, cond,
                                     arith::AndIOp::create(tb, loc, whole,
                                                           allAligned16(tb, loc, streamed)));
      }
      auto vecIf = scf::IfOp::create(tb, loc, cond, /*withElse=*/true);
      OpBuilder vb = OpBuilder::atBlockBegin(&vecIf.getThenRegion().front());
      SmallVector<Value> staged = rowStagedInputs(group);
      if (staged.empty()) {
        emitRowGroupKernel(vb, loc, group, sizes, combiners, smemTypes, width);
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
        emitRowGroupKernel(sb, loc, group, sizes, combiners, withStage, width, staged);
        OpBuilder nb = OpBuilder::atBlockBegin(&stageIf.getElseRegion().front());
        emitRowGroupKernel(nb, loc, group, sizes, combiners, smemTypes, width);
      }
      OpBuilder sb = OpBuilder::atBlockBegin(&vecIf.getElseRegion().front());
      emitRowGroupKernel(sb, loc, group, sizes, combiners, smemTypes, 1);
    }
    for (linalg::GenericOp op : group)
      op.erase();
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
    return widest == 0 ? 0 : 16 / widest;
  }

  /// Shared memory a row group's kernel sets aside for staged rows (a static
  /// buffer: 8192 f32; with the reductions' scratch, 6 blocks of 256 threads
  /// fit on an SM of 228 KiB). Static, not dynamic, shared memory: NVPTX
  /// demotes the upstream lowering's zero-sized `__dynamic_shmem__` global
  /// to a one-byte static variable, which other static buffers would overlap.
  static constexpr int64_t kMaxStageBytes = 32 * 1024;

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

  /// The row group's kernel (see emitRowGroup); with `width` > 1 each thread
  /// takes groups of `width` consecutive points of the row, its streamed
  /// operands moved 16 bytes at a time and row-uniform inputs loaded once
  /// per row (rowVectorWidth; the caller checks alignment and row lengths).
  void emitRowGroupKernel(OpBuilder &tb, Location loc, ArrayRef<linalg::GenericOp> group,
                          ArrayRef<SmallVector<Value>> sizes, ArrayRef<Operation *> combiners,
                          ArrayRef<Type> smemTypes, int64_t width,
                          ArrayRef<Value> staged = {}) {
    Value rows = sizes[0][0];
    Value grid = arith::MinUIOp::create(tb, loc, rows, cIndex(tb, loc, maxBlocks));
    Value nonEmpty =
        arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, rows, cIndex(tb, loc, 0));
    emitLaunch(tb, loc, nonEmpty, grid, blockSize, smemTypes, [&](OpBuilder &kb, gpu::LaunchOp l) {
      Value tid = l.getThreadIds().x, bs = cIndex(kb, loc, blockSize);
      // Staged rows: the last workgroup buffers, one per staged input, and
      // the member that fills each (its first reader).
      SmallVector<Value> stageViews;
      SmallVector<size_t> stageWriter;
      for (auto [k, v] : llvm::enumerate(staged)) {
        stageViews.push_back(
            l.getWorkgroupAttributions()[l.getWorkgroupAttributions().size() - staged.size() + k]);
        stageWriter.push_back(llvm::find_if(group, [&](linalg::GenericOp op) {
                                return llvm::is_contained(op.getDpsInputs(), v);
                              }) - group.begin());
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
      auto rowLoop = scf::ForOp::create(kb, loc, l.getBlockIds().x, rows, l.getGridSize().x);
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
        bool vec = width > 1 && llvm::any_of(op->getOpOperands(), [&](OpOperand &o) {
                     return rowStreamed(op, o);
                   });
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
            acc = emitStridedAccumulate(
                kb, loc, combiner, init, tid, groups, bs, [&](OpBuilder &lb, Value g, Value a) {
                  for (auto &inputs : laneInputs(lb, g).second)
                    a = cloneBody(lb, op, inputs, a)[0];
                  return a;
                });
          else
            acc = emitStridedAccumulate(
                kb, loc, combiner, init, tid, count, bs, [&](OpBuilder &lb, Value j, Value a) {
                  return emitBody(lb, loc, op, pointAt(lb, j), a)[0];
                });
          Value smem = l.getWorkgroupAttributions()[nextSmem++];
          Value total = emitBlockReduce(kb, loc, combiner, smem, tid, acc);
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
        if (i + 1 < group.size())
          gpu::BarrierOp::create(kb, loc);
      }
    });
  }

  /// Elements per 16-byte vector access when every array operand of `op` is
  /// read or written whole and in order (identity maps, identity layouts,
  /// byte-sized or wider elements, no output read in the body), else 0.
  static int64_t vectorWidth(linalg::GenericOp op) {
    if (op.getNumLoops() == 0)
      return 0;
    int64_t widest = 0;
    Block &body = op.getRegion().front();
    if (!body.getOps<linalg::IndexOp>().empty())
      return 0; // lanes would need their own indices
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!type) {
        if (op.isDpsInit(&operand))
          return 0;
        continue;
      }
      if (!elementBytes(type) || !type.getLayout().isIdentity() ||
          !op.getMatchingIndexingMap(&operand).isIdentity())
        return 0;
      if (op.isDpsInit(&operand) && !body.getArgument(operand.getOperandNumber()).use_empty())
        return 0;
      widest = std::max(widest, elementBytes(type));
    }
    return widest == 0 ? 0 : 16 / widest;
  }

  /// Blocks for a grid-stride loop over `groups` (at least one, at most
  /// max-blocks).
  Value groupGrid(OpBuilder &b, Location loc, Value groups) {
    Value bs = cIndex(b, loc, blockSize);
    return arith::MinUIOp::create(
        b, loc, arith::MaxUIOp::create(b, loc, ceilDiv(b, loc, groups, bs), cIndex(b, loc, 1)),
        cIndex(b, loc, maxBlocks));
  }

  /// How an all-parallel generic's operand is read by the broadcast vector
  /// kernel (broadcastVectorWidth): whole and in order, along the innermost
  /// dims only (the same for every outer point: `b[j]` of `a[i, j] + b[j]`),
  /// or not along the innermost loop (one value for a whole group: `a[i]`).
  enum class Access { Streamed, Inner, Outer, Scalar };

  static Access accessOf(linalg::GenericOp op, OpOperand &operand) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      return Access::Scalar;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    unsigned loops = map.getNumDims();
    if (!map.isFunctionOfDim(loops - 1))
      return Access::Outer;
    if (!type.getLayout().isIdentity() || !elementBytes(type) || map.getNumResults() == 0)
      return Access::Scalar; // (refused by the caller)
    unsigned first = loops - map.getNumResults();
    for (auto [k, e] : llvm::enumerate(map.getResults())) {
      auto d = dyn_cast<AffineDimExpr>(e);
      if (!d || d.getPosition() != first + k)
        return Access::Scalar;
    }
    return first == 0 ? Access::Streamed : Access::Inner;
  }

  /// Elements per 16-byte access of the broadcast vector kernel, or 0: an
  /// all-parallel generic of rank >= 2 (no linalg.index) whose outputs are
  /// written whole and in order and not read, and whose inputs are streamed,
  /// read along the innermost dims (identity layout) or not along the
  /// innermost loop, at least one of the latter two (else vectorWidth
  /// applies). Groups of `width` points then never cross a row of the
  /// innermost loop when its size is a multiple of `width` (checked at run
  /// time with the alignment).
  static int64_t broadcastVectorWidth(linalg::GenericOp op) {
    if (op.getNumLoops() < 2 || op.getNumReductionLoops() != 0 ||
        !op.getRegion().front().getOps<linalg::IndexOp>().empty())
      return 0;
    int64_t widest = 0;
    bool broadcast = false;
    Block &body = op.getRegion().front();
    for (OpOperand &operand : op->getOpOperands()) {
      Access a = accessOf(op, operand);
      if (op.isDpsInit(&operand)) {
        if (a != Access::Streamed || !body.getArgument(operand.getOperandNumber()).use_empty())
          return 0;
      } else if (a == Access::Scalar && isa<MemRefType>(operand.get().getType())) {
        return 0;
      }
      broadcast |= a == Access::Inner || a == Access::Outer;
      if (a == Access::Streamed || a == Access::Inner)
        widest = std::max(widest, elementBytes(cast<MemRefType>(operand.get().getType())));
    }
    return broadcast && widest ? 16 / widest : 0;
  }

  /// The broadcast vector kernel (see broadcastVectorWidth): a grid-stride
  /// loop over groups of `width` consecutive points, streamed and inner
  /// operands moved 16 bytes at a time (an inner one at the group's offset
  /// within its own trailing dims), outer ones loaded once per group.
  void emitBroadcastVector(OpBuilder &b, Location loc, linalg::GenericOp op,
                           ArrayRef<Value> sizes, Value total, Value nonEmpty, int64_t width) {
    auto flat = flatViews(b, loc, op);
    Value w = cIndex(b, loc, width);
    Value groups = arith::DivUIOp::create(b, loc, total, w);
    Value grid = groupGrid(b, loc, groups);
    // Each inner operand's element count (its trailing loops' sizes).
    SmallVector<Value> innerCount;
    for (OpOperand &operand : op->getOpOperands()) {
      Value n;
      if (accessOf(op, operand) == Access::Inner) {
        unsigned nres = op.getMatchingIndexingMap(&operand).getNumResults();
        n = product(b, loc, ArrayRef<Value>(sizes).take_back(nres));
      }
      innerCount.push_back(n);
    }
    emitLaunch(b, loc, nonEmpty, grid, blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
      auto [gid, stride] = gridStride(kb, loc, l);
      OpBuilder::InsertionGuard g(kb);
      Value base = enterGroupLoop(kb, loc, gid, stride, groups, w);
      SmallVector<Value> ivs; // the group's first point, for outer operands
      SmallVector<SmallVector<Value>> lanes(width);
      for (OpOperand *in : op.getDpsInputOperands()) {
        Access a = accessOf(op, *in);
        Value v = in->get();
        if (a == Access::Streamed || a == Access::Inner) {
          auto type = cast<MemRefType>(v.getType());
          Value at = a == Access::Streamed
                         ? base
                         : Value(arith::RemUIOp::create(kb, loc, base,
                                                        innerCount[in->getOperandNumber()]));
          Value vec = vector::LoadOp::create(
              kb, loc, VectorType::get({width}, type.getElementType()),
              flat[in->getOperandNumber()], at, false, vectorAlign(type.getElementType(), width));
          for (int64_t lane = 0; lane < width; ++lane)
            lanes[lane].push_back(vector::ExtractOp::create(kb, loc, vec, lane));
          continue;
        }
        if (a == Access::Outer) {
          if (ivs.empty())
            ivs = delinearize(kb, loc, base, sizes, narrowIndex);
          v = memref::LoadOp::create(kb, loc, v,
                                     applyMap(kb, loc, op.getMatchingIndexingMap(in), ivs));
        }
        for (int64_t lane = 0; lane < width; ++lane)
          lanes[lane].push_back(v);
      }
      SmallVector<SmallVector<Value>> results(op.getNumDpsInits());
      for (auto &inputs : lanes)
        for (auto [k, y] : llvm::enumerate(cloneBody(kb, op, inputs, {})))
          results[k].push_back(y);
      storeLaneVectors(kb, loc, ArrayRef<Value>(flat).drop_front(op.getNumDpsInputs()), results,
                       base, width);
    });
  }

  /// Elements per 16-byte load for a reduction's first stage: every input a
  /// buffer read whole and in order (identity maps over all loops, identity
  /// layouts, byte-sized or wider elements), the `numParallel` parallel loops
  /// outermost (so each output's reduction domain is one contiguous run of
  /// every input), no linalg.index; else 0.
  static int64_t reductionVectorWidth(linalg::GenericOp op, unsigned numParallel) {
    auto iters = op.getIteratorTypesArray();
    for (auto [d, it] : llvm::enumerate(iters))
      if ((it == utils::IteratorType::parallel) != (d < numParallel))
        return 0;
    if (!op.getRegion().front().getOps<linalg::IndexOp>().empty())
      return 0;
    int64_t widest = 0;
    for (OpOperand *in : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(in->get().getType());
      if (!type)
        continue;
      if (!elementBytes(type) || !type.getLayout().isIdentity() ||
          !op.getMatchingIndexingMap(in).isIdentity())
        return 0;
      widest = std::max(widest, elementBytes(type));
    }
    return widest == 0 ? 0 : 16 / widest;
  }

  //===--------------------------------------------------------------------===//
  // Transposes through shared-memory tiles.
  //===--------------------------------------------------------------------===//

  static constexpr int64_t kTile = 32;

  /// An input read with its last two dimensions swapped relative to the
  /// loops (a.T, np.swapaxes(a, -1, -2)): map (d0, ..., dn-2, dn-1) ->
  /// (d0, ..., dn-1, dn-2), identity layout.
  static bool transposedInput(linalg::GenericOp op, OpOperand &operand) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    unsigned n = op.getNumLoops();
    if (!type || !type.getLayout().isIdentity() || op.isDpsInit(&operand) ||
        type.getRank() != n)
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    SmallVector<unsigned> perm;
    for (unsigned d = 0; d < n; ++d)
      perm.push_back(d);
    std::swap(perm[n - 1], perm[n - 2]);
    return map == AffineMap::getPermutationMap(perm, op.getContext());
  }

  /// True when an all-parallel op of rank >= 2 reads some input transposed
  /// and every other buffer operand whole and in order (identity maps and
  /// layouts; outputs not read in the body), with no linalg.index and
  /// byte-sized or wider elements, and the block holds whole 32-wide rows.
  bool tiledTranspose(linalg::GenericOp op) {
    if (op.getNumLoops() < 2 || blockSize % kTile != 0 || kTile % (blockSize / kTile) != 0 ||
        !op.getRegion().front().getOps<linalg::IndexOp>().empty())
      return false;
    bool any = false;
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!type)
        continue;
      if (!elementBytes(type))
        return false;
      if (transposedInput(op, operand)) {
        any = true;
        continue;
      }
      if (!type.getLayout().isIdentity() || !op.getMatchingIndexingMap(&operand).isIdentity())
        return false;
      if (op.isDpsInit(&operand) &&
          !op.getRegion().front().getArgument(operand.getOperandNumber()).use_empty())
        return false;
    }
    return any;
  }

  /// 32x32 tiles of the last two loops (block-stride over tiles): each
  /// transposed input's tile is read along its own rows into shared memory
  /// (32x33, so the column reads below hit distinct banks), then the outputs'
  /// tile is computed and written along the output's rows, the transposed
  /// values read down the shared tile's columns: both sides coalesced.
  void emitTiledTranspose(OpBuilder &b, Location loc, linalg::GenericOp op,
                          ArrayRef<Value> sizes) {
    unsigned n = sizes.size();
    Value R = sizes[n - 2], C = sizes[n - 1];
    Value tilesR = ceilDiv(b, loc, R, cIndex(b, loc, kTile));
    Value tilesC = ceilDiv(b, loc, C, cIndex(b, loc, kTile));
    SmallVector<Value> tileSizes(sizes.begin(), sizes.end() - 2);
    tileSizes.push_back(tilesR);
    tileSizes.push_back(tilesC);
    Value tiles = product(b, loc, tileSizes);
    Value grid = arith::MinUIOp::create(b, loc, tiles, cIndex(b, loc, maxBlocks));
    Value nonEmpty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, tiles, cIndex(b, loc, 0));
    SmallVector<Type> smemTypes;
    SmallVector<int64_t> smemOf(op->getNumOperands(), -1);
    for (OpOperand &operand : op->getOpOperands())
      if (transposedInput(op, operand)) {
        smemOf[operand.getOperandNumber()] = smemTypes.size();
        smemTypes.push_back(MemRefType::get(
            {kTile, kTile + 1}, cast<MemRefType>(operand.get().getType()).getElementType(),
            AffineMap(),
            gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)));
      }
    int64_t rowsPerPass = blockSize / kTile;
    emitLaunch(b, loc, nonEmpty, grid, blockSize, smemTypes, [&](OpBuilder &kb, gpu::LaunchOp l) {
      Value tid = l.getThreadIds().x;
      Value tx = arith::RemUIOp::create(kb, loc, tid, cIndex(kb, loc, kTile));
      Value ty = arith::DivUIOp::create(kb, loc, tid, cIndex(kb, loc, kTile));
      auto tileLoop = scf::ForOp::create(kb, loc, l.getBlockIds().x, tiles, l.getGridSize().x);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(tileLoop.getBody());
      auto coords = delinearize(kb, loc, tileLoop.getInductionVar(), tileSizes, narrowIndex);
      Value r0 = arith::MulIOp::create(kb, loc, coords[n - 2], cIndex(kb, loc, kTile));
      Value c0 = arith::MulIOp::create(kb, loc, coords[n - 1], cIndex(kb, loc, kTile));
      SmallVector<Value> lead(coords.begin(), coords.end() - 2);
      // In bounds: `if (r < R && c < C)` around `fn`.
      auto guarded = [&](Value r, Value c, function_ref<void()> fn) {
        Value in = arith::AndIOp::create(
            kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, r, R),
            arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, c, C));
        auto ifOp = scf::IfOp::create(kb, loc, in, false);
        OpBuilder::InsertionGuard g2(kb);
        kb.setInsertionPointToStart(&ifOp.getThenRegion().front());
        fn();
      };
      // Load: thread (ty + k, tx) reads input[lead, c0 + ty + k, r0 + tx]
      // (consecutive tx: consecutive addresses) into tile[ty + k][tx].
      for (int64_t k = 0; k < kTile; k += rowsPerPass) {
        Value row = arith::AddIOp::create(kb, loc, ty, cIndex(kb, loc, k));
        Value c = arith::AddIOp::create(kb, loc, c0, row);
        Value r = arith::AddIOp::create(kb, loc, r0, tx);
        guarded(r, c, [&] {
          for (OpOperand &operand : op->getOpOperands()) {
            if (smemOf[operand.getOperandNumber()] < 0)
              continue;
            SmallVector<Value> idx(lead);
            idx.push_back(c);
            idx.push_back(r);
            Value v = memref::LoadOp::create(kb, loc, operand.get(), idx);
            memref::StoreOp::create(kb, loc, v,
                                    l.getWorkgroupAttributions()[smemOf[operand.getOperandNumber()]],
                                    ValueRange{row, tx});
          }
        });
      }
      gpu::BarrierOp::create(kb, loc);
      // Compute and store: thread (ty + k, tx) makes output[lead, r0 + ty + k,
      // c0 + tx]; a transposed input's value there is tile[tx][ty + k].
      for (int64_t k = 0; k < kTile; k += rowsPerPass) {
        Value row = arith::AddIOp::create(kb, loc, ty, cIndex(kb, loc, k));
        Value r = arith::AddIOp::create(kb, loc, r0, row);
        Value c = arith::AddIOp::create(kb, loc, c0, tx);
        guarded(r, c, [&] {
          SmallVector<Value> ivs(lead);
          ivs.push_back(r);
          ivs.push_back(c);
          SmallVector<Value> inputs;
          for (OpOperand *in : op.getDpsInputOperands()) {
            Value v = in->get();
            if (smemOf[in->getOperandNumber()] >= 0)
              v = memref::LoadOp::create(kb, loc,
                                         l.getWorkgroupAttributions()[smemOf[in->getOperandNumber()]],
                                         ValueRange{tx, row});
            else if (isa<MemRefType>(v.getType()))
              v = memref::LoadOp::create(kb, loc, v, ivs);
            inputs.push_back(v);
          }
          storeOutputs(kb, loc, op, ivs, cloneBody(kb, op, inputs, {}));
        });
      }
      gpu::BarrierOp::create(kb, loc);
    });
  }

  void mapParallel(OpBuilder &b, Location loc, linalg::GenericOp op,
                   ArrayRef<Value> sizes) {
    if (tiledTranspose(op)) {
      emitTiledTranspose(b, loc, op, sizes);
      return;
    }
    Value total = product(b, loc, sizes);
    Value zero = cIndex(b, loc, 0);
    Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, total, zero);
    int64_t width = vectorWidth(op);
    if (width > 1) {
      // 16-byte accesses when every buffer is 16-byte aligned (checked at run
      // time: buffers handed in by a host program may not be); else scalar.
      auto ifOp = scf::IfOp::create(b, loc, allAligned16(b, loc, op->getOperands()),
                                    /*withElse=*/true);
      OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
      emitVectorParallel(tb, loc, op, sizes, total, nonEmpty, width);
      OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
      emitScalarParallel(eb, loc, op, sizes, total);
      return;
    }
    if (int64_t bw = broadcastVectorWidth(op); bw > 1) {
      // Broadcast operands (a row's or a column's value): 16-byte accesses
      // when the vector-accessed buffers are aligned and the innermost size
      // is a multiple of the width (groups stay within a row); else scalar.
      SmallVector<Value> vectored;
      for (OpOperand &operand : op->getOpOperands())
        if (Access a = accessOf(op, operand); a == Access::Streamed || a == Access::Inner)
          vectored.push_back(operand.get());
      Value whole = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::RemUIOp::create(b, loc, sizes.back(), cIndex(b, loc, bw)), zero);
      auto ifOp = scf::IfOp::create(
          b, loc, arith::AndIOp::create(b, loc, whole, allAligned16(b, loc, vectored)),
          /*withElse=*/true);
      OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
      emitBroadcastVector(tb, loc, op, sizes, total, nonEmpty, bw);
      OpBuilder eb = OpBuilder::atBlockBegin(&ifOp.getElseRegion().front());
      emitScalarParallel(eb, loc, op, sizes, total);
      return;
    }
    emitScalarParallel(b, loc, op, sizes, total);
  }

  /// One thread per point of [0, count): a launch of 256-thread blocks (grid
  /// capped at max-blocks, nothing launched when count is 0) running a
  /// grid-stride loop; `body` builds the work at point `iv`.
  void emitGridStrideLoop(OpBuilder &b, Location loc, Value count,
                          function_ref<void(OpBuilder &, Value)> body) {
    Value bs = cIndex(b, loc, blockSize);
    Value grid = arith::MinUIOp::create(b, loc, ceilDiv(b, loc, count, bs),
                                        cIndex(b, loc, maxBlocks));
    Value nonEmpty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, count, cIndex(b, loc, 0));
    emitLaunch(b, loc, nonEmpty, grid, blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
      auto [gid, stride] = gridStride(kb, loc, l);
      auto loop = scf::ForOp::create(kb, loc, gid, count, stride);
      OpBuilder::InsertionGuard g(kb);
      kb.setInsertionPointToStart(loop.getBody());
      body(kb, loop.getInductionVar());
    });
  }

  /// Grid-stride loop, one element per thread per step.
  void emitScalarParallel(OpBuilder &b, Location loc, linalg::GenericOp op,
                          ArrayRef<Value> sizes, Value total) {
    emitGridStrideLoop(b, loc, total, [&](OpBuilder &kb, Value iv) {
      auto ivs = delinearize(kb, loc, iv, sizes, narrowIndex);
      storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
    });
  }

  /// Grid-stride loop over groups of `width` consecutive elements read and
  /// written with 16-byte vector accesses (ld/st.global.v4 for f32), the
  /// body computed per lane; the last total % width elements are scalar.
  void emitVectorParallel(OpBuilder &b, Location loc, linalg::GenericOp op,
                          ArrayRef<Value> sizes, Value total, Value nonEmpty,
                          int64_t width) {
    auto flat = flatViews(b, loc, op);
    Value w = cIndex(b, loc, width);
    Value groups = arith::DivUIOp::create(b, loc, total, w);
    Value grid = groupGrid(b, loc, groups);
    unsigned numInputs = op.getNumDpsInputs();
    emitLaunch(b, loc, nonEmpty, grid, blockSize, {}, [&](OpBuilder &kb, gpu::LaunchOp l) {
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
      auto ivs = delinearize(kb, loc, tail.getInductionVar(), sizes, narrowIndex);
      storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
    });
  }

  /// True when the inputs' fastest-varying (last) dimensions are parallel
  /// loops (and none is a reduction loop): a reduction along an outer axis
  /// (`sum(a, axis=0)`). Neighbouring
  /// outputs then sit next to each other in memory, so one thread per output
  /// walking the reduced axis reads coalesced rows; a block per output would
  /// read one strided element per thread.
  static bool innermostIsParallel(linalg::GenericOp op) {
    auto iters = op.getIteratorTypesArray();
    bool parallelLast = false;
    for (OpOperand *in : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(in->get().getType());
      if (!type || type.getRank() == 0)
        continue;
      AffineMap map = op.getMatchingIndexingMap(in);
      auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
      if (!last)
        continue;
      if (iters[last.getPosition()] != utils::IteratorType::parallel)
        return false; // some input is contiguous along the reduction: tree it
      parallelLast = true;
    }
    return parallelLast;
  }

  /// One thread per output (consecutive threads, consecutive outputs), each
  /// accumulating its whole reduction domain in a register.
  void emitThreadPerOutput(OpBuilder &b, Location loc, linalg::GenericOp op,
                           ArrayRef<Value> sizes, Operation *combiner,
                           ArrayRef<unsigned> parDims, ArrayRef<Value> parSizes,
                           ArrayRef<unsigned> redDims, ArrayRef<Value> redSizes, Value P,
                           Value R) {
    Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();
    emitGridStrideLoop(b, loc, P, [&](OpBuilder &kb, Value point) {
      auto parIvs = delinearize(kb, loc, point, parSizes, narrowIndex);
      auto pointAt = [&](ArrayRef<Value> redIvs) {
        SmallVector<Value> ivs(sizes.size());
        for (auto [i, d] : llvm::enumerate(parDims)) ivs[d] = parIvs[i];
        for (auto [i, d] : llvm::enumerate(redDims)) ivs[d] = redIvs[i];
        return ivs;
      };
      Value init = combinerIdentity(kb, loc, combiner, elt);
      auto loop = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), R, cIndex(kb, loc, 1),
                                     ValueRange{init});
      {
        OpBuilder::InsertionGuard g2(kb);
        kb.setInsertionPointToStart(loop.getBody());
        auto redIvs = delinearize(kb, loc, loop.getInductionVar(), redSizes, narrowIndex);
        SmallVector<Value> accIn(loop.getRegionIterArgs().begin(), loop.getRegionIterArgs().end());
        scf::YieldOp::create(kb, loc, emitBody(kb, loc, op, pointAt(redIvs), accIn)[0]);
      }
      SmallVector<Value> zeros(redDims.size(), cIndex(kb, loc, 0));
      OpOperand &outOperand = op.getDpsInitsMutable()[0];
      auto outIdx = applyMap(kb, loc, op.getMatchingIndexingMap(&outOperand), pointAt(zeros));
      storeReductionResult(kb, loc, op, combiner, loop.getResult(0), outIdx);
    });
  }

  /// Combines `value` of every thread of the block; the result is valid in
  /// thread 0. Each warp combines its 32 values with xor shuffles, lane 0
  /// of each warp leaves its result in smem[warp], and warp 0 combines those
  /// the same way: two barriers in all (the first keeps the previous
  /// reduction's reads of `smem` ahead of this one's writes).
  Value emitBlockReduce(OpBuilder &kb, Location loc, Operation *combiner, Value smem,
                        Value tid, Value value) {
    if (blockSize < kWarp || blockSize % kWarp != 0)
      return emitBlockReduceTree(kb, loc, combiner, smem, tid, value);
    Type elt = value.getType();
    auto warpReduce = [&](Value v) {
      for (int64_t offset = kWarp / 2; offset >= 1; offset /= 2)
        v = combine(kb, combiner, v, emitShuffle(kb, loc, v, offset, kWarp, gpu::ShuffleMode::XOR));
      return v;
    };
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
                                         cIndex(kb, loc, blockSize / kWarp));
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

  /// `gpu.shuffle` (`mode`) of any integer or float scalar: floats as
  /// integers of their width, narrower than 32 bits widened, 64 bits as two
  /// 32-bit halves.
  static Value emitShuffle(OpBuilder &kb, Location loc, Value v, int64_t offset, int64_t width,
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
  Value emitBlockReduceTree(OpBuilder &kb, Location loc, Operation *combiner, Value smem,
                            Value tid, Value value) {
    gpu::BarrierOp::create(kb, loc);
    memref::StoreOp::create(kb, loc, value, smem, tid);
    gpu::BarrierOp::create(kb, loc);
    for (int64_t half = blockSize / 2; half >= 1; half /= 2) {
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

  /// One-kernel reduction; false when the op is not a single-output
  /// reduction with a known combiner. P*S blocks: block (p, s) reduces slice
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
  bool mapReduction(OpBuilder &b, Location loc, linalg::GenericOp op,
                    ArrayRef<Value> sizes) {
    Operation *combiner = reductionCombiner(op);
    if (!combiner)
      return false;
    Type elt = cast<MemRefType>(op.getDpsInits()[0].getType()).getElementType();

    SmallVector<Value> parSizes, redSizes;
    SmallVector<unsigned> parDims, redDims;
    for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray())) {
      if (it == utils::IteratorType::parallel) {
        parDims.push_back(d);
        parSizes.push_back(sizes[d]);
      } else {
        redDims.push_back(d);
        redSizes.push_back(sizes[d]);
      }
    }
    Value P = product(b, loc, parSizes), R = product(b, loc, redSizes);
    if (innermostIsParallel(op)) {
      emitThreadPerOutput(b, loc, op, sizes, combiner, parDims, parSizes, redDims, redSizes, P, R);
      return true;
    }
    Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1), bs = cIndex(b, loc, blockSize);
    Value S = slicesPerOutput(b, loc, P, R); // S slices per output
    Value grid = arith::MulIOp::create(b, loc, P, S);
    Value nonEmpty = arith::AndIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, P, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, R, zero));
    auto workgroup =
        gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
    auto smemType = MemRefType::get({blockSize}, elt, AffineMap(), workgroup);
    auto flagType = MemRefType::get({1}, b.getI32Type(), AffineMap(), workgroup);
    Value c128 = cIndex(b, loc, 128);
    Value Spad = arith::MulIOp::create(b, loc, ceilDiv(b, loc, S, c128), c128);
    Value multi = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, S, one);
    // Partials and counters only when some output has several slices.
    Value partialSize = arith::SelectOp::create(b, loc, multi,
                                                arith::MulIOp::create(b, loc, P, Spad), zero);
    Value partial = memref::AllocOp::create(b, loc, MemRefType::get({ShapedType::kDynamic}, elt),
                                            ValueRange{partialSize});
    Value counters = runtimeCounters(
        b, loc, arith::SelectOp::create(b, loc, multi, P, zero));
    auto pointAt = [&](ArrayRef<Value> parIvs, ArrayRef<Value> redIvs) {
      SmallVector<Value> ivs(sizes.size());
      for (auto [i, d] : llvm::enumerate(parDims)) ivs[d] = parIvs[i];
      for (auto [i, d] : llvm::enumerate(redDims)) ivs[d] = redIvs[i];
      return ivs;
    };

    // Stage 1: block (p, s) folds its slice of output p's reduction domain,
    // from element `from` on in steps of the S slices' threads, then the
    // block's threads together, into partial[bid]. With `width` > 1 it first
    // reads groups of `width` elements with 16-byte loads (see
    // reductionVectorWidth) and `from` is where those groups end.
    auto emitStage1 = [&](OpBuilder &sb, int64_t width) {
      emitLaunch(sb, loc, nonEmpty, grid, blockSize, TypeRange{smemType, flagType},
                 [&](OpBuilder &kb, gpu::LaunchOp l) {
        Value smem = l.getWorkgroupAttributions()[0];
        Value flag = l.getWorkgroupAttributions()[1];
        Value bid = l.getBlockIds().x, tid = l.getThreadIds().x;
        Value p = arith::DivUIOp::create(kb, loc, bid, S);
        Value s = arith::RemUIOp::create(kb, loc, bid, S);
        auto parIvs = delinearize(kb, loc, p, parSizes, narrowIndex);
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
          auto redIvs = delinearize(lb, loc, r, redSizes, narrowIndex);
          return emitBody(lb, loc, op, pointAt(parIvs, redIvs), a)[0];
        };
        acc = emitStridedAccumulate(kb, loc, combiner, acc, from, R, step, accumulate);
        Value total = emitBlockReduce(kb, loc, combiner, smem, tid, acc);
        emitFinishReduction(kb, loc, op, combiner, smem, flag, tid, total, p, s, S, Spad,
                            partial, counters, parSizes, redDims.size(), pointAt);
      });
    };
    int64_t width = reductionVectorWidth(op, parDims.size());
    if (width > 1) {
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
    return true;
  }

  /// `n` zeroed i32 counters on the current stream, from the runtime
  /// (`arrayc_rt.gpu_counters`, declared in the module on first use with a C
  /// interface: the runtime fills a memref descriptor). The '.' keeps its C
  /// wrapper, `_mlir_ciface_arrayc_rt.gpu_counters`, out of the names
  /// exported functions' wrappers take (Transforms/Symbols.h).
  Value runtimeCounters(OpBuilder &b, Location loc, Value n) {
    ModuleOp module = getOperation();
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

  /// The end of a block of mapReduction's kernel: `total` (valid in thread
  /// 0) is output p's whole reduction when S = 1, else the partial of its
  /// slice s, and the last of p's S blocks to arrive combines the partials
  /// into the output. `flag` (shared) tells the block's threads whether it
  /// is the last.
  void emitFinishReduction(
      OpBuilder &kb, Location loc, linalg::GenericOp op, Operation *combiner, Value smem,
      Value flag, Value tid, Value total, Value p, Value s, Value S, Value Spad, Value partial,
      Value counters, ArrayRef<Value> parSizes, size_t numRedDims,
      function_ref<SmallVector<Value>(ArrayRef<Value>, ArrayRef<Value>)> pointAt) {
    Type elt = total.getType();
    Value zero = cIndex(kb, loc, 0), one = cIndex(kb, loc, 1);
    Value first = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid, zero);
    auto storeResult = [&](OpBuilder &ob, Value value) {
      auto parIvs = delinearize(ob, loc, p, parSizes, narrowIndex);
      SmallVector<Value> zeros(numRedDims, cIndex(ob, loc, 0));
      OpOperand &outOperand = op.getDpsInitsMutable()[0];
      auto outIdx =
          applyMap(ob, loc, op.getMatchingIndexingMap(&outOperand), pointAt(parIvs, zeros));
      storeReductionResult(ob, loc, op, combiner, value, outIdx);
    };
    auto ifThen = [&](OpBuilder &ob, Value cond) {
      auto ifOp = scf::IfOp::create(ob, loc, cond, /*withElse=*/false);
      return OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    };
    Value single = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, S, one);
    auto ifSingle = scf::IfOp::create(kb, loc, single, /*withElse=*/true);
    {
      OpBuilder tb = OpBuilder::atBlockBegin(&ifSingle.getThenRegion().front());
      OpBuilder fb = ifThen(tb, first);
      storeResult(fb, total);
    }
    OpBuilder eb = OpBuilder::atBlockBegin(&ifSingle.getElseRegion().front());
    Type i32 = eb.getI32Type();
    {
      OpBuilder fb = ifThen(eb, first);
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
    OpBuilder lb = ifThen(eb, isLast);
    NVVM::MembarOp::create(lb, loc, NVVM::MemScopeKind::GPU);
    Value base = arith::MulIOp::create(lb, loc, p, Spad);
    Value acc = emitStridedAccumulate(
        lb, loc, combiner, combinerIdentity(lb, loc, combiner, elt), tid, S,
        cIndex(lb, loc, blockSize), [&](OpBuilder &ab, Value i, Value a) {
          Value v = memref::LoadOp::create(ab, loc, partial,
                                           ValueRange{arith::AddIOp::create(ab, loc, base, i)});
          return combine(ab, combiner, v, a);
        });
    Value whole = emitBlockReduce(lb, loc, combiner, smem, tid, acc);
    OpBuilder fb = ifThen(lb, first);
    storeResult(fb, whole);
    memref::StoreOp::create(fb, loc, arith::ConstantIntOp::create(fb, loc, i32, 0), counters,
                            ValueRange{p});
  }

  //===--------------------------------------------------------------------===//
  // Arg-reductions (argmax/argmin, ArgReduce.h): two outputs, so not a
  // reduction with one combiner; their combine is a total order's maximum,
  // so slices of the domain fold in parallel and combine in any order.
  //===--------------------------------------------------------------------===//

  /// The kind of an arg-reduction and its index output's position, when `op`
  /// is one: two outputs, one yielded by a select that kArgReduceAttr marks.
  static std::optional<std::pair<arrayc::ArgReduceKind, unsigned>>
  argReduceOf(linalg::GenericOp op) {
    if (op.getNumDpsInits() != 2 || op.getNumReductionLoops() == 0)
      return std::nullopt;
    Operation *yield = op.getRegion().front().getTerminator();
    for (auto [k, v] : llvm::enumerate(yield->getOperands())) {
      Operation *def = v.getDefiningOp();
      auto attr = def ? def->getAttrOfType<StringAttr>(arrayc::kArgReduceAttr) : nullptr;
      if (!attr)
        continue;
      std::optional<arrayc::ArgReduceKind> kind = arrayc::ArgReduceKind::parse(attr.getValue());
      auto idx = dyn_cast<MemRefType>(op.getDpsInits()[k].getType());
      auto val = dyn_cast<MemRefType>(op.getDpsInits()[1 - k].getType());
      if (!kind || !idx || !val || !idx.getElementType().isInteger(64) ||
          !val.getElementType().isIntOrFloat())
        return std::nullopt;
      return std::make_pair(*kind, static_cast<unsigned>(k));
    }
    return std::nullopt;
  }

  /// An arg-reduction by blocks when its reduction domains are longer than
  /// a warp, else a thread per output (mapSequentialReduction). Blocks
  /// (p, s), S per output (about one wave of resident blocks when outputs
  /// are few, at least 16 points per thread, at most 4096): thread t folds
  /// points s*B + t, plus multiples of S*B, of output p's domain (neighbouring
  /// threads read neighbouring points), four running (value, index) pairs at
  /// a time; then the block's pairs combine in a tree in shared memory. With
  /// S = 1 thread 0 combines that with the output's value (the fill before)
  /// and stores both outputs; else it writes partial[p*S + s], and a second
  /// kernel, a block per output, folds the S partials the same way. False
  /// when `op` is not an arg-reduction.
  bool mapArgReduction(OpBuilder &b, Location loc, linalg::GenericOp op,
                       ArrayRef<Value> sizes) {
    auto arg = argReduceOf(op);
    if (!arg)
      return false;
    auto [kind, idxOut] = *arg;
    unsigned valOut = 1 - idxOut;
    Type elt = cast<MemRefType>(op.getDpsInits()[valOut].getType()).getElementType();
    Type i64 = b.getI64Type();
    SmallVector<Value> parSizes, redSizes;
    SmallVector<unsigned> parDims, redDims;
    for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray())) {
      bool par = it == utils::IteratorType::parallel;
      (par ? parDims : redDims).push_back(d);
      (par ? parSizes : redSizes).push_back(sizes[d]);
    }
    auto pointAt = [&](ArrayRef<Value> parIvs, ArrayRef<Value> redIvs) {
      SmallVector<Value> ivs(sizes.size());
      for (auto [i, d] : llvm::enumerate(parDims)) ivs[d] = parIvs[i];
      for (auto [i, d] : llvm::enumerate(redDims)) ivs[d] = redIvs[i];
      return ivs;
    };
    using Pair = std::pair<Value, Value>;
    auto combinePair = [&](OpBuilder &kb, Pair acc, Pair x) {
      return arrayc::argReduceCombine(kb, loc, kind, x.first, x.second, acc.first, acc.second);
    };
    auto identity = [&](OpBuilder &kb) -> Pair {
      return {arrayc::argReduceIdentity(kb, loc, kind, elt),
              arith::ConstantIntOp::create(kb, loc, i64, 0)};
    };
    auto ifThen = [&](OpBuilder &ob, Value cond) {
      auto ifOp = scf::IfOp::create(ob, loc, cond, /*withElse=*/false);
      return OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
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
      for (int64_t half = blockSize / 2; half >= 1; half /= 2) {
        OpBuilder ib = ifThen(kb, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult, tid,
                                                        cIndex(kb, loc, half)));
        Value other = arith::AddIOp::create(ib, loc, tid, cIndex(ib, loc, half));
        store(ib, combinePair(ib, load(ib, sv, si, tid), load(ib, sv, si, other)), sv, si, tid);
        gpu::BarrierOp::create(kb, loc);
      }
      return load(kb, sv, si, cIndex(kb, loc, 0));
    };
    // Output p: `total` combined with what it holds, stored.
    auto finish = [&](OpBuilder &fb, Value p, Pair total) {
      auto parIvs = delinearize(fb, loc, p, parSizes, narrowIndex);
      SmallVector<Value> zeros(redDims.size(), cIndex(fb, loc, 0));
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

    Value zero = cIndex(b, loc, 0), one = cIndex(b, loc, 1), bs = cIndex(b, loc, blockSize);
    Value P = product(b, loc, parSizes), R = product(b, loc, redSizes);
    auto byBlocks = likely(
        scf::IfOp::create(b, loc,
                          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, R,
                                                cIndex(b, loc, kWarp)),
                          /*withElse=*/true),
        true);
    OpBuilder eb = OpBuilder::atBlockBegin(&byBlocks.getElseRegion().front());
    mapSequentialReduction(eb, loc, op, sizes);
    OpBuilder tb = OpBuilder::atBlockBegin(&byBlocks.getThenRegion().front());

    Value S = slicesPerOutput(tb, loc, P, R);
    Value multi = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, S, one);
    Value partialSize = arith::SelectOp::create(tb, loc, multi,
                                                arith::MulIOp::create(tb, loc, P, S), zero);
    auto flatType = [&](Type t) { return MemRefType::get({ShapedType::kDynamic}, t); };
    Value partialV = memref::AllocOp::create(tb, loc, flatType(elt), ValueRange{partialSize});
    Value partialI = memref::AllocOp::create(tb, loc, flatType(i64), ValueRange{partialSize});
    auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
    SmallVector<Type> sharedTypes{MemRefType::get({blockSize}, elt, AffineMap(), workgroup),
                                  MemRefType::get({blockSize}, i64, AffineMap(), workgroup)};
    Value nonEmpty = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ugt, P, zero);

    // Stage 1.
    emitBlockPerJob(tb, loc, nonEmpty, arith::MulIOp::create(tb, loc, P, S), sharedTypes,
                    [&](OpBuilder &kb, gpu::LaunchOp l, Value job) {
      Value sv = l.getWorkgroupAttributions()[0], si = l.getWorkgroupAttributions()[1];
      Value tid = l.getThreadIds().x;
      Value p = arith::DivUIOp::create(kb, loc, job, S);
      Value s = arith::RemUIOp::create(kb, loc, job, S);
      Value first = arith::AddIOp::create(kb, loc, arith::MulIOp::create(kb, loc, s, bs), tid);
      Value stride = arith::MulIOp::create(kb, loc, S, bs);
      auto parIvs = delinearize(kb, loc, p, parSizes, narrowIndex);
      auto fold = [&](OpBuilder &lb, Value k, Pair acc) -> Pair {
        Value r = arith::AddIOp::create(lb, loc, first, arith::MulIOp::create(lb, loc, k, stride));
        SmallVector<Value> outs(2);
        outs[valOut] = acc.first;
        outs[idxOut] = acc.second;
        auto y = emitBody(lb, loc, op,
                          pointAt(parIvs, delinearize(lb, loc, r, redSizes, narrowIndex)), outs);
        return {y[valOut], y[idxOut]};
      };
      // This thread's points: k = 0 .. n - 1.
      Value n = arith::SelectOp::create(
          kb, loc, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ugt, R, first),
          ceilDiv(kb, loc, arith::SubIOp::create(kb, loc, R, first), stride), cIndex(kb, loc, 0));
      constexpr int64_t kUnroll = 4;
      Value c4 = cIndex(kb, loc, kUnroll);
      Value n4 = arith::MulIOp::create(kb, loc, arith::DivUIOp::create(kb, loc, n, c4), c4);
      SmallVector<Value> inits;
      for (int64_t u = 0; u < kUnroll; ++u) {
        Pair id = identity(kb);
        inits.append({id.first, id.second});
      }
      auto main = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), n4, c4, inits);
      {
        OpBuilder lb = OpBuilder::atBlockBegin(main.getBody());
        SmallVector<Value> next;
        for (int64_t u = 0; u < kUnroll; ++u) {
          Value k = arith::AddIOp::create(lb, loc, main.getInductionVar(), cIndex(lb, loc, u));
          Pair y = fold(lb, k, {main.getRegionIterArgs()[2 * u], main.getRegionIterArgs()[2 * u + 1]});
          next.append({y.first, y.second});
        }
        scf::YieldOp::create(lb, loc, next);
      }
      Pair acc{main.getResult(0), main.getResult(1)};
      for (int64_t u = 1; u < kUnroll; ++u)
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
      OpBuilder fb = ifThen(kb, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid,
                                                      cIndex(kb, loc, 0)));
      auto ifMulti = scf::IfOp::create(fb, loc, multi, /*withElse=*/true);
      OpBuilder mb = OpBuilder::atBlockBegin(&ifMulti.getThenRegion().front());
      store(mb, total, partialV, partialI, job);
      OpBuilder sb = OpBuilder::atBlockBegin(&ifMulti.getElseRegion().front());
      finish(sb, p, total);
      gpu::BarrierOp::create(kb, loc); // thread 0 has read the tree before the next job
    });

    // Stage 2, when some output has several partials.
    OpBuilder mb = ifThen(tb, arith::AndIOp::create(tb, loc, nonEmpty, multi));
    emitBlockPerJob(mb, loc, nonEmpty, P, sharedTypes,
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
      OpBuilder fb = ifThen(kb, arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::eq, tid,
                                                      cIndex(kb, loc, 0)));
      finish(fb, p, total);
      gpu::BarrierOp::create(kb, loc);
    });
    memref::DeallocOp::create(tb, loc, partialV);
    memref::DeallocOp::create(tb, loc, partialI);
    return true;
  }

  /// One thread per output point, sequential over the reduction dimensions.
  void mapSequentialReduction(OpBuilder &b, Location loc, linalg::GenericOp op,
                              ArrayRef<Value> sizes) {
    SmallVector<Value> parSizes;
    SmallVector<unsigned> parDims, redDims;
    for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray())) {
      if (it == utils::IteratorType::parallel) {
        parDims.push_back(d);
        parSizes.push_back(sizes[d]);
      } else {
        redDims.push_back(d);
      }
    }
    Value P = product(b, loc, parSizes);
    emitGridStrideLoop(b, loc, P, [&](OpBuilder &kb, Value point) {
      auto parIvs = delinearize(kb, loc, point, parSizes, narrowIndex);
      SmallVector<Value> ivs(sizes.size());
      for (auto [i, d] : llvm::enumerate(parDims)) ivs[d] = parIvs[i];
      for (unsigned d : redDims) {
        auto inner = scf::ForOp::create(kb, loc, cIndex(kb, loc, 0), sizes[d], cIndex(kb, loc, 1));
        kb.setInsertionPointToStart(inner.getBody());
        ivs[d] = inner.getInductionVar();
      }
      storeOutputs(kb, loc, op, ivs, emitBody(kb, loc, op, ivs));
    });
  }
};

} // namespace
