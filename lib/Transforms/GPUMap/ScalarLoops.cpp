//===- ScalarLoops.cpp - host loops of scalar steps on the device ---------===//
//
// A host loop whose every step is scalar work -- 0-d generics (`B[i] = ...`
// element by element), loads and stores, index arithmetic, bounds checks,
// small fixed-size temporaries, and nested loops and branches of the same --
// would otherwise launch a one-thread kernel per element it writes and read
// every element it tests back to the host (issue 27's jacobi_1d: 10,000
// launches a call). It runs instead as one kernel of one thread, loop and
// all, so its cost is the dependent loads it makes, not launches and
// round trips.
//
// A loop whose steps are scalar work and whole reductions to one value
// (`x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]`: a dot product a step) runs
// the same way on one block of kBlockLoopThreads threads: every thread runs
// the loop and its scalar work alike; a reduction is folded by all of them
// and combined across the block, each thread getting the total; a store to
// device memory is made by thread 0 between two barriers, so every thread
// has read the old value before it and reads the new one after. A buffer computed point for point only for
// reductions to read (a copy bufferization made of `x[:i]`, `x[:i] * x[:i]`)
// is computed at the reductions' points instead when nothing writes what it
// loads before they read it (the kernel cannot allocate). Such a loop runs there when every reduction's
// points are bounded, before the loop, by kBlockLoopMaxPoints (the size of an
// input it reads point for point); otherwise it stays on the host.
//
// Bounds checks inside record the first failure (which check, and its two
// values) in a small device buffer and end the thread (PTX `exit`), so no
// access past a failed check runs. The host reads the record once, after
// the kernel, and reports the failure through the check's own runtime call
// and message: the same error as before, with the writes before it done,
// as NumPy leaves them.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Buffers.h"
#include "Transforms/GPUMap/Combiner.h"
#include "Transforms/GPUMap/Strategies.h"
#include "Transforms/GPUMap/Tuning.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"

namespace arrayc::gpumap {
namespace {

/// The runtime's bounds and value checks (Symbols.h).
bool isCheck(Operation *op) { return isRuntimeCheck(op); }

/// Memory the host owns: a stack buffer or a global (through views).
bool hostMemory(Value v) { return isViewOf<memref::AllocaOp, memref::GetGlobalOp>(v); }

bool scalarType(Type t) { return t.isIntOrIndexOrFloat(); }

/// A temporary the kernel keeps in registers or local memory.
bool smallStaticBuffer(memref::AllocOp a) {
  MemRefType t = a.getType();
  return t.hasStaticShape() && t.getLayout().isIdentity() && t.getNumElements() <= 64;
}

/// A reduction of every point of its space to one value whose partial
/// results combine (the block's threads split it).
bool wholeReduction(linalg::GenericOp g) {
  return g.hasPureBufferSemantics() && g.getNumLoops() > 0 &&
         g.getNumReductionLoops() == g.getNumLoops() && g.getNumDpsInits() == 1 &&
         cast<MemRefType>(g.getDpsInitOperand(0)->get().getType()).getRank() == 0 &&
         static_cast<bool>(matchCombiner(g));
}

/// How a host loop runs on the device, if it can.
enum class LoopKind { Host, OneThread, OneBlock };

/// OneThread when `loop` (an scf.for or scf.while outside any kernel) holds
/// only scalar steps and touches device memory; OneBlock when whole
/// reductions are among them; else Host.
LoopKind classify(Operation *loop) {
  bool touchesMemory = false, reduces = false;
  auto inside = [&](Value v) { return loop->isAncestor(v.getParentBlock()->getParentOp()); };
  WalkResult walk = loop->walk([&](Operation *op) {
    for (Value v : op->getOperands())
      if (isa<MemRefType>(v.getType()) && !inside(v) && hostMemory(v))
        return WalkResult::interrupt();
    if (llvm::any_of(op->getResultTypes(), [](Type t) { return isa<MemRefType>(t); }) &&
        !isa<memref::AllocOp, memref::SubViewOp, memref::CastOp, memref::GetGlobalOp,
             memref::ReinterpretCastOp, memref::ExpandShapeOp, memref::CollapseShapeOp>(op))
      return WalkResult::interrupt();
    if (isa<scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp, scf::ConditionOp,
            linalg::YieldOp>(op))
      return WalkResult::advance();
    if (auto g = dyn_cast<linalg::GenericOp>(op)) {
      touchesMemory = true;
      if (g.hasPureBufferSemantics() && g.getNumLoops() == 0)
        return WalkResult::advance();
      if (!wholeReduction(g))
        return WalkResult::interrupt();
      reduces = true;
      return WalkResult::advance();
    }
    if (isa<memref::LoadOp, memref::StoreOp>(op)) {
      touchesMemory = true;
      return WalkResult::advance();
    }
    if (auto a = dyn_cast<memref::AllocOp>(op))
      return smallStaticBuffer(a) ? WalkResult::advance() : WalkResult::interrupt();
    if (auto d = dyn_cast<memref::DeallocOp>(op)) {
      auto a = d.getMemref().getDefiningOp<memref::AllocOp>();
      return a && inside(a) ? WalkResult::advance() : WalkResult::interrupt();
    }
    if (isa<memref::GetGlobalOp>(op)) // a check's message only (below)
      return llvm::all_of(op->getUsers(),
                          [](Operation *u) {
                            return isCheck(u) ||
                                   (isa<memref::CastOp>(u) &&
                                    llvm::all_of(u->getUsers(), isCheck));
                          })
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    if (isCheck(op))
      return WalkResult::advance();
    return op->getNumRegions() == 0 && isMemoryEffectFree(op) ? WalkResult::advance()
                                                               : WalkResult::interrupt();
  });
  if (walk.wasInterrupted() || !touchesMemory ||
      !llvm::all_of(loop->getResultTypes(), scalarType))
    return LoopKind::Host;
  return reduces ? LoopKind::OneBlock : LoopKind::OneThread;
}

/// Whether `g` computes each point of a fresh allocation of its block from
/// loads and pure arithmetic alone (identity map, no inputs, its output not
/// read): a producer its readers can compute at each of their points.
bool pointwiseProducer(linalg::GenericOp g) {
  if (!g.hasPureBufferSemantics() || g.getNumDpsInputs() != 0 || g.getNumDpsInits() != 1 ||
      g.getNumReductionLoops() != 0 || !g.getIndexingMapsArray()[0].isIdentity())
    return false;
  auto alloc = g.getDpsInitOperand(0)->get().getDefiningOp<memref::AllocOp>();
  Block &body = g.getRegion().front();
  return alloc && alloc->getBlock() == g->getBlock() && body.getArgument(0).use_empty() &&
         llvm::all_of(body.without_terminator(), [](Operation &op) {
           return isa<memref::LoadOp, linalg::IndexOp>(op) ||
                  (op.getNumRegions() == 0 && isMemoryEffectFree(&op));
         });
}

/// Whether two buffers are surely distinct: different bases, one of them a
/// fresh allocation.
bool distinctBuffers(Value a, Value b) {
  Value x = baseBuffer(a), y = baseBuffer(b);
  return x != y && (x.getDefiningOp<memref::AllocOp>() || y.getDefiningOp<memref::AllocOp>());
}

/// A load in `g`'s body at its point plus offsets defined outside it
/// (`x[k + c]`), whose view of those points can stand for `g`'s output as a
/// reader's input (giving the reader its loop sizes); null when none.
memref::LoadOp pointLoad(linalg::GenericOp g, SmallVectorImpl<Value> &offsets) {
  unsigned rank = g.getNumLoops();
  for (Operation &op : g.getRegion().front()) {
    auto load = dyn_cast<memref::LoadOp>(op);
    Operation *def = load ? load.getMemRef().getDefiningOp() : nullptr;
    if (!load || load.getIndices().size() != rank || (def && g->isAncestor(def)))
      continue;
    offsets.clear();
    for (auto [d, index] : llvm::enumerate(load.getIndices())) {
      Value offset;
      auto at = [&](Value v) {
        auto ix = v.getDefiningOp<linalg::IndexOp>();
        return ix && ix.getDim() == d;
      };
      auto outside = [&](Value v) { return !g->isAncestor(v.getParentBlock()->getParentOp()); };
      if (at(index))
        offset = Value();
      else if (auto add = index.getDefiningOp<arith::AddIOp>(); add && at(add.getLhs()) &&
                                                               outside(add.getRhs()))
        offset = add.getRhs();
      else if (add && at(add.getRhs()) && outside(add.getLhs()))
        offset = add.getLhs();
      else
        break;
      offsets.push_back(offset);
    }
    if (offsets.size() == rank)
      return load;
  }
  return {};
}

/// The view of `load`'s memref at `offsets` (pointLoad's; null: 0) of the
/// sizes of `shaped`: the points a generic of that shape loads there.
Value pointView(OpBuilder &b, Location loc, memref::LoadOp load, ArrayRef<Value> offsets,
                Value shaped) {
  SmallVector<OpFoldResult> at, ones;
  for (Value o : offsets) {
    at.push_back(o ? OpFoldResult(o) : OpFoldResult(b.getIndexAttr(0)));
    ones.push_back(b.getIndexAttr(1));
  }
  return memref::SubViewOp::create(b, loc, load.getMemRef(), at,
                                   memref::getMixedSizes(b, loc, shaped), ones);
}

/// `reader`'s input `operand` (a producer's buffer) becomes the view of
/// `load`'s points and its value the producer's body at each point.
void fuseProducer(linalg::GenericOp producer, memref::LoadOp load, ArrayRef<Value> offsets,
                  linalg::GenericOp reader, OpOperand *operand) {
  OpBuilder vb(producer);
  Value view = pointView(vb, producer.getLoc(), load, offsets,
                         producer.getDpsInitOperand(0)->get());
  AffineMap map = reader.getMatchingIndexingMap(operand);
  BlockArgument arg = reader.getMatchingBlockArgument(operand);
  OpBuilder b = OpBuilder::atBlockBegin(&reader.getRegion().front());
  IRMapping mapping;
  for (Operation &op : producer.getRegion().front().without_terminator()) {
    if (auto ix = dyn_cast<linalg::IndexOp>(op))
      mapping.map(ix.getResult(), linalg::IndexOp::create(b, ix.getLoc(),
                                                          map.getDimPosition(ix.getDim())));
    else
      b.clone(op, mapping);
  }
  arg.replaceAllUsesWith(
      mapping.lookupOrDefault(producer.getRegion().front().getTerminator()->getOperand(0)));
  arg.setType(cast<MemRefType>(view.getType()).getElementType());
  operand->set(view);
}

/// Computes each producer inside `loop` that only whole reductions read
/// (a copy bufferization made, `x[:i] * x[:i]`) at the readers' points,
/// when nothing may write what it loads before the last reader: the kernel
/// of a loop on the device cannot allocate its buffer.
void fuseProducersIntoReductions(Operation *loop) {
  SmallVector<linalg::GenericOp> producers;
  loop->walk([&](linalg::GenericOp g) {
    if (pointwiseProducer(g))
      producers.push_back(g);
  });
  for (linalg::GenericOp g : producers) {
    Value buffer = g.getDpsInitOperand(0)->get();
    auto alloc = buffer.getDefiningOp<memref::AllocOp>();
    SmallVector<std::pair<linalg::GenericOp, OpOperand *>> readers;
    Operation *last = nullptr;
    bool ok = true;
    for (OpOperand &use : buffer.getUses()) {
      Operation *user = use.getOwner();
      if (user == g.getOperation() || isa<memref::DeallocOp>(user))
        continue;
      auto reader = dyn_cast<linalg::GenericOp>(user);
      ok &= reader && reader->getBlock() == g->getBlock() && g->isBeforeInBlock(reader) &&
            reader.isDpsInput(&use) && wholeReduction(reader) &&
            reader.getMatchingIndexingMap(&use).isPermutation();
      if (!ok)
        break;
      readers.push_back({reader, &use});
      if (!last || last->isBeforeInBlock(reader))
        last = reader;
    }
    SmallVector<Value> offsets;
    memref::LoadOp load = ok && last ? pointLoad(g, offsets) : memref::LoadOp();
    if (!load)
      continue;
    SmallVector<Value> loaded;
    g.getRegion().walk([&](memref::LoadOp l) { loaded.push_back(l.getMemRef()); });
    // Between the producer and its last reader: only writes to buffers
    // surely distinct from what it loads (a reduction's result, its fill).
    for (Operation *op = g->getNextNode(); ok && op != last->getNextNode();
         op = op->getNextNode()) {
      if (isMemoryEffectFree(op) || isCheck(op) ||
          isa<memref::AllocOp, memref::SubViewOp, memref::CastOp, memref::GetGlobalOp>(op))
        continue;
      auto w = dyn_cast<linalg::GenericOp>(op);
      ok = w && w.hasPureBufferSemantics() &&
           llvm::all_of(w.getDpsInits(),
                        [&](Value out) {
                          return llvm::all_of(loaded, [&](Value l) {
                            return distinctBuffers(out, l);
                          });
                        }) &&
           !w->walk([](memref::StoreOp) { return WalkResult::interrupt(); }).wasInterrupted();
    }
    if (!ok)
      continue;
    for (auto [reader, operand] : readers)
      fuseProducer(g, load, offsets, reader, operand);
    for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    g.erase();
    if (alloc->use_empty())
      alloc.erase();
  }
}

/// A reduction's input that nothing writes and the reduction does not read
/// (fusion computes those values at the reduction's points, the buffer only
/// giving its loops their sizes: arrayc-fuse-elementwise) becomes the view of
/// a buffer the reduction loads at its points: the kernel of a loop on the
/// device cannot allocate, and that buffer, made before the loop, bounds the
/// reduction's points (trisolve's `L[i, :i] @ x[:i]`).
void viewShapeOnlyInputs(Operation *loop) {
  SmallVector<memref::AllocOp> allocs;
  loop->walk([&](memref::AllocOp a) { allocs.push_back(a); });
  for (memref::AllocOp alloc : allocs) {
    struct Reader {
      linalg::GenericOp op;
      OpOperand *operand;
      memref::LoadOp load;
      SmallVector<Value> offsets;
    };
    SmallVector<Reader> readers;
    bool ok = true;
    for (OpOperand &use : alloc->getUses()) {
      if (isa<memref::DeallocOp>(use.getOwner()))
        continue;
      auto reader = dyn_cast<linalg::GenericOp>(use.getOwner());
      ok = reader && reader.isDpsInput(&use) &&
           reader.getMatchingBlockArgument(&use).use_empty() &&
           reader.getMatchingIndexingMap(&use).isIdentity();
      Reader r{reader, &use, {}, {}};
      if (ok)
        r.load = pointLoad(reader, r.offsets);
      ok = ok && r.load;
      if (!ok)
        break;
      readers.push_back(std::move(r));
    }
    if (!ok || readers.empty())
      continue;
    for (Reader &r : readers) {
      OpBuilder vb(r.op);
      Value view = pointView(vb, alloc.getLoc(), r.load, r.offsets, alloc);
      r.op.getMatchingBlockArgument(r.operand)
          .setType(cast<MemRefType>(view.getType()).getElementType());
      r.operand->set(view);
    }
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        user->erase();
    if (alloc->use_empty())
      alloc.erase();
  }
}

/// The buffers made before `loop` that whole reduction `g` inside it reads
/// point for point (a permutation map): each has at least as many elements
/// as `g` has points.
SmallVector<Value> boundingBuffers(Operation *loop, linalg::GenericOp g) {
  SmallVector<Value> bases;
  for (OpOperand *in : g.getDpsInputOperands()) {
    Value base = baseBuffer(in->get());
    if (isa<MemRefType>(base.getType()) && g.getMatchingIndexingMap(in).isPermutation() &&
        !loop->isAncestor(base.getParentBlock()->getParentOp()))
      bases.push_back(base);
  }
  return bases;
}

/// Whether every whole reduction inside `loop` has a bounding buffer.
bool reductionsBounded(Operation *loop) {
  return !loop->walk([&](linalg::GenericOp g) {
                return wholeReduction(g) && boundingBuffers(loop, g).empty()
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              }).wasInterrupted();
}

/// Before `loop` (whose reductions are bounded), on the host: whether every
/// whole reduction inside it has at most kBlockLoopMaxPoints points.
Value reductionsFitBlock(OpBuilder &b, Location loc, Operation *loop) {
  Value fits = arith::ConstantIntOp::create(b, loc, 1, 1);
  loop->walk([&](linalg::GenericOp g) {
    if (!wholeReduction(g))
      return;
    Value bound;
    for (Value base : boundingBuffers(loop, g)) {
      SmallVector<Value> dims;
      for (int64_t d = 0; d < cast<MemRefType>(base.getType()).getRank(); ++d)
        dims.push_back(memref::DimOp::create(b, loc, base, d));
      Value n = product(b, loc, dims);
      bound = bound ? arith::MinUIOp::create(b, loc, bound, n).getResult() : n;
    }
    fits = arith::AndIOp::create(
        b, loc, fits,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, bound,
                              cIndex(b, loc, kBlockLoopMaxPoints)));
  });
  return fits;
}

/// `v` (a check's message) available at `b` on the host: itself when defined
/// outside `loop`, else a copy of the pure ops that compute it.
Value onHost(OpBuilder &b, Value v, Operation *loop, IRMapping &map) {
  if (!loop->isAncestor(v.getParentBlock()->getParentOp()))
    return v;
  if (Value done = map.lookupOrNull(v))
    return done;
  Operation *def = v.getDefiningOp();
  for (Value operand : def->getOperands())
    map.map(operand, onHost(b, operand, loop, map));
  return b.clone(*def, map)->getResult(cast<OpResult>(v).getResultNumber());
}

/// The block's threads of a loop on one block (null `tid`: one thread).
struct Threads {
  MapContext ctx;
  Value tid;
  /// Shared scratch of the block's reductions, by element type.
  DenseMap<Type, Value> smem;
};

/// Whether `v` is a view of the kernel's private memory.
bool privateMemory(Value v) { return isViewOf<memref::AllocaOp>(v); }

/// Stores `value` at `indices` of `buffer`: on one block, device memory is
/// written by thread 0 between two barriers: every thread has made its
/// reads of the old value before it, and sees the new one after.
void storeShared(OpBuilder &b, Location loc, const Threads &t, Value value, Value buffer,
                 ValueRange indices) {
  if (!t.tid || privateMemory(buffer)) {
    memref::StoreOp::create(b, loc, value, buffer, indices);
    return;
  }
  gpu::BarrierOp::create(b, loc);
  OpBuilder tb = ifThen(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, t.tid,
                                              cIndex(b, loc, 0)));
  memref::StoreOp::create(tb, loc, value, buffer, indices);
  gpu::BarrierOp::create(b, loc);
}

/// A whole reduction on the block: each thread folds its points, the block
/// combines them, every thread gets the total (through shared memory) and
/// combines it with the output's value.
void lowerBlockReduction(OpBuilder &b, Location loc, const Threads &t, linalg::GenericOp g) {
  Combiner combiner = matchCombiner(g);
  Value out = g.getDpsInitOperand(0)->get();
  Type elt = cast<MemRefType>(out.getType()).getElementType();
  SmallVector<Value> sizes;
  for (Range r : cast<linalg::LinalgOp>(g.getOperation()).createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, r.size));
  Value acc = emitStridedAccumulate(
      b, loc, combiner, combinerIdentity(b, loc, combiner, elt), t.tid, product(b, loc, sizes),
      cIndex(b, loc, t.ctx.blockSize), [&](OpBuilder &lb, Value r, Value a) {
        return emitBody(lb, loc, g, delinearize(lb, loc, r, sizes, false), a)[0];
      });
  Value smem = t.smem.lookup(elt);
  Value total = emitBlockReduce(t.ctx, b, loc, combiner, smem, t.tid, acc);
  Value zero = cIndex(b, loc, 0);
  OpBuilder fb = ifThen(b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, t.tid,
                                                      zero));
  memref::StoreOp::create(fb, loc, total, smem, ValueRange{zero});
  gpu::BarrierOp::create(b, loc);
  total = memref::LoadOp::create(b, loc, smem, ValueRange{zero});
  Value old = memref::LoadOp::create(b, loc, out, ValueRange{});
  storeShared(b, loc, t, combine(b, combiner, old, total), out, {});
}

/// Inside the kernel: the loop copy's steps as scalar code, its temporaries
/// in private memory, its checks as records in `record` followed by exit.
void lowerSteps(OpBuilder &kb, Location loc, gpu::LaunchOp launch, Operation *copy,
                Value record, const Threads &t) {
  SmallVector<linalg::GenericOp> steps;
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  SmallVector<memref::StoreOp> stores;
  SmallVector<func::CallOp> checks;
  copy->walk([&](Operation *op) {
    if (auto g = dyn_cast<linalg::GenericOp>(op))
      steps.push_back(g);
    else if (auto a = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(a);
    else if (auto d = dyn_cast<memref::DeallocOp>(op))
      deallocs.push_back(d);
    else if (auto st = dyn_cast<memref::StoreOp>(op); st && !st->getParentOfType<linalg::GenericOp>())
      stores.push_back(st);
    else if (isCheck(op))
      checks.push_back(cast<func::CallOp>(op));
  });
  OpBuilder entry = OpBuilder::atBlockBegin(&launch.getBody().front());
  for (memref::AllocOp a : allocs) {
    a.replaceAllUsesWith(memref::AllocaOp::create(entry, a.getLoc(), a.getType()).getResult());
    a.erase();
  }
  for (memref::DeallocOp d : deallocs)
    d.erase();
  if (t.tid)
    for (memref::StoreOp st : stores) {
      OpBuilder sb(st);
      storeShared(sb, st.getLoc(), t, st.getValueToStore(), st.getMemRef(), st.getIndices());
      st.erase();
    }
  for (linalg::GenericOp g : steps) {
    OpBuilder gb(g);
    if (g.getNumLoops() > 0) {
      lowerBlockReduction(gb, g.getLoc(), t, g);
    } else if (!t.tid) {
      storeOutputs(gb, g.getLoc(), g, {}, emitBody(gb, g.getLoc(), g, {}));
    } else {
      for (auto [value, out] : llvm::zip(emitBody(gb, g.getLoc(), g, {}), g.getDpsInits()))
        storeShared(gb, g.getLoc(), t, value, out, {});
    }
    g.erase();
  }
  for (auto [site, check] : llvm::enumerate(checks)) {
    OpBuilder cb(check);
    Value failed = arith::XOrIOp::create(cb, loc, check.getOperand(0),
                                         arith::ConstantIntOp::create(cb, loc, 1, 1));
    auto ifOp = scf::IfOp::create(cb, loc, failed, /*withElse=*/false);
    OpBuilder tb = OpBuilder::atBlockBegin(&ifOp.getThenRegion().front());
    SmallVector<Value> fields{arith::ConstantIntOp::create(tb, loc, site + 1, 64)};
    for (unsigned k = 2; k < 4; ++k)
      fields.push_back(k < check.getNumOperands()
                           ? check.getOperand(k)
                           : arith::ConstantIntOp::create(tb, loc, 0, 64).getResult());
    for (auto [i, f] : llvm::enumerate(fields))
      memref::StoreOp::create(tb, loc, f, record, ValueRange{cIndex(tb, loc, i)});
    NVVM::Exit::create(tb, loc);
    Value message = check.getOperand(1);
    check.erase();
    // The message's global and cast are host values: dropped from the kernel.
    while (Operation *def = message.getDefiningOp()) {
      if (!def->use_empty())
        break;
      Value source = def->getNumOperands() ? def->getOperand(0) : Value();
      def->erase();
      if (!source)
        break;
      message = source;
    }
  }
}

/// Runs `loop` as one kernel of one thread, or with `threads` > 1 of one
/// block of that many threads.
void runOnDevice(const MapContext &ctx, Operation *loop, int64_t threads) {
  OpBuilder b(loop);
  Location loc = loop->getLoc();
  SmallVector<Value> resultBuffers;
  for (Value r : loop->getResults())
    resultBuffers.push_back(memref::AllocOp::create(b, loc, MemRefType::get({}, r.getType())));
  SmallVector<func::CallOp> checks;
  SmallVector<Type> workgroup;
  DenseMap<Type, unsigned> smemOf;
  loop->walk([&](Operation *op) {
    if (isCheck(op))
      checks.push_back(cast<func::CallOp>(op));
    if (auto g = dyn_cast<linalg::GenericOp>(op); g && g.getNumLoops() > 0) {
      Type elt = cast<MemRefType>(g.getDpsInitOperand(0)->get().getType()).getElementType();
      if (smemOf.try_emplace(elt, workgroup.size()).second)
        workgroup.push_back(MemRefType::get(
            {threads}, elt, AffineMap(),
            gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup)));
    }
  });
  Value record;
  SmallVector<Value> messages;
  IRMapping hostMap;
  if (!checks.empty()) {
    record = memref::AllocOp::create(b, loc, MemRefType::get({3}, b.getI64Type()));
    for (func::CallOp check : checks)
      messages.push_back(onHost(b, check.getOperand(1), loop, hostMap));
  }
  emitLaunch(b, loc, arith::ConstantIntOp::create(b, loc, 1, 1), cIndex(b, loc, 1), threads,
             workgroup, [&](OpBuilder &kb, gpu::LaunchOp launch) {
               Threads t{ctx, threads > 1 ? launch.getThreadIds().x : Value(), {}};
               t.ctx.blockSize = threads;
               for (auto [elt, k] : smemOf)
                 t.smem[elt] = launch.getWorkgroupAttributions()[k];
               // Before any thread can record a failure.
               if (record)
                 storeShared(kb, loc, t, arith::ConstantIntOp::create(kb, loc, 0, 64), record,
                             ValueRange{cIndex(kb, loc, 0)});
               IRMapping map;
               Operation *copy = kb.clone(*loop, map);
               for (auto [r, buffer] : llvm::zip(copy->getResults(), resultBuffers))
                 storeShared(kb, loc, t, r, buffer, {});
               lowerSteps(kb, loc, launch, copy, record, t);
             });
  if (record) {
    // One read of the record after the kernel; the failed check reports.
    Value site = memref::LoadOp::create(b, loc, record, ValueRange{cIndex(b, loc, 0)});
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
    auto failed = scf::IfOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, site, zero),
        /*withElse=*/false);
    OpBuilder tb = OpBuilder::atBlockBegin(&failed.getThenRegion().front());
    Value v0 = memref::LoadOp::create(tb, loc, record, ValueRange{cIndex(tb, loc, 1)});
    Value v1 = memref::LoadOp::create(tb, loc, record, ValueRange{cIndex(tb, loc, 2)});
    for (auto [k, check] : llvm::enumerate(checks)) {
      Value ok = arith::CmpIOp::create(tb, loc, arith::CmpIPredicate::ne, site,
                                       arith::ConstantIntOp::create(tb, loc, k + 1, 64));
      SmallVector<Value> args{ok, messages[k]};
      if (check.getNumOperands() == 4)
        args.append({v0, v1});
      func::CallOp::create(tb, loc, check.getCalleeAttr(), TypeRange{}, args);
    }
    memref::DeallocOp::create(b, loc, record);
  }
  for (auto [r, buffer] : llvm::zip(loop->getResults(), resultBuffers)) {
    r.replaceAllUsesWith(memref::LoadOp::create(b, loc, buffer, ValueRange{}).getResult());
    memref::DeallocOp::create(b, loc, buffer);
  }
  loop->erase();
}

/// The loops inside `root` (not `root` itself) that run on the device, each
/// outermost: on one thread, or on one block behind a check of its
/// reductions' sizes, whose host copy's inner loops are taken the same way.
void runLoopsOnDevice(const MapContext &ctx, Operation *root) {
  SmallVector<std::pair<Operation *, LoopKind>> loops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (!isa<scf::ForOp, scf::WhileOp>(op))
      return WalkResult::advance();
    LoopKind kind = classify(op);
    if (kind == LoopKind::Host) {
      // A buffer its kernel could not allocate may be what keeps it here.
      fuseProducersIntoReductions(op);
      viewShapeOnlyInputs(op);
      kind = classify(op);
    }
    if (kind == LoopKind::OneBlock && !reductionsBounded(op))
      kind = LoopKind::Host;
    if (kind == LoopKind::Host)
      return WalkResult::advance();
    loops.push_back({op, kind});
    return WalkResult::skip();
  });
  for (auto [loop, kind] : loops) {
    if (kind == LoopKind::OneThread) {
      runOnDevice(ctx, loop, 1);
      continue;
    }
    // On one block when its reductions are small enough, else as it was.
    OpBuilder b(loop);
    Location loc = loop->getLoc();
    Value fits = reductionsFitBlock(b, loc, loop);
    Operation *onBlock = nullptr, *onHost = nullptr;
    auto ifOp = scf::IfOp::create(
        b, loc, fits,
        [&](OpBuilder &tb, Location l) {
          onBlock = tb.clone(*loop);
          scf::YieldOp::create(tb, l, onBlock->getResults());
        },
        [&](OpBuilder &eb, Location l) {
          onHost = eb.clone(*loop);
          scf::YieldOp::create(eb, l, onHost->getResults());
        });
    loop->replaceAllUsesWith(ifOp.getResults());
    loop->erase();
    runOnDevice(ctx, onBlock, kBlockLoopThreads);
    runLoopsOnDevice(ctx, onHost);
  }
}

} // namespace

void runScalarLoopsOnDevice(const MapContext &ctx, func::FuncOp fn) { runLoopsOnDevice(ctx, fn); }

} // namespace arrayc::gpumap
