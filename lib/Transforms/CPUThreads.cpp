//===- CPUThreads.cpp - parallel loops of the cpu target on OpenMP threads ===//
//
// See Passes.td (arrayc-cpu-threads). Input: the `scf.parallel` nests of
// `convert-linalg-to-parallel-loops`. Output: each outermost nest whose body
// is safe to run on other threads becomes
//
//   omp.parallel if(%work >= min-iterations) num_threads(arrayc_rt_num_threads())
//     omp.wsloop { omp.loop_nest (%i) = lb to ub step s { scf.for ... } }
//
// over its first dimension, its other dimensions as sequential `scf.for`
// loops inside (the innermost one stays a plain loop for LLVM's vectorizer);
// every other `scf.parallel` becomes `scf.for` loops.
//
// A sequential reduction loop (`scf.for` of one accumulator whose combine
// step is associative with an identity: LoopCombiner.h) outside every
// parallel nest, with a body that only reads memory, becomes
//
//   scf.if (%work >= min-iterations) {
//     omp.parallel num_threads(...) { omp.wsloop over kChunks chunks:
//       partial[c] = the loop over chunk c, from the identity }
//     the partials combined in chunk order, from the loop's initial value
//   } else { the loop as it was }
//
// The chunk count is fixed, not the thread count: a result does not depend
// on ARRAYC_NUM_THREADS.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "LoopCombiner.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace arrayc {
#define GEN_PASS_DEF_CPUTHREADS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using arrayc::LoopCombiner;

namespace {

constexpr llvm::StringLiteral kNumThreads = "arrayc_rt_num_threads";

/// The chunks of a reduction loop on threads: a few per thread of a large
/// machine, each long enough for the vectorized loop at the minimum work.
constexpr int64_t kChunks = 64;

/// Whether another thread may run `body`: no calls (a failing runtime call
/// unwinds through its caller's thread only), no allocation or free, no op
/// whose effects are unknown and, with `readOnly`, no write to memory.
bool runsOnAnyThread(Block *body, bool readOnly = false) {
  WalkResult result = body->walk([&](Operation *inner) {
    if (isa<CallOpInterface>(inner))
      return WalkResult::interrupt();
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(inner)) {
      if (effects.hasEffect<MemoryEffects::Allocate>() ||
          effects.hasEffect<MemoryEffects::Free>() ||
          (readOnly && effects.hasEffect<MemoryEffects::Write>()))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isPure(inner))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

Value tripCount(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value count = arith::CeilDivSIOp::create(b, loc, span, step);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return arith::MaxSIOp::create(b, loc, count, zero);
}

/// The iterations of the first chain of `scf.for` loops in `block` whose
/// bounds are defined outside `above` (the loops of a linalg op's reduction
/// dimensions), times `count`.
Value innerIterations(OpBuilder &b, Location loc, Block &block, Operation *above,
                      Value count) {
  for (auto loop : block.getOps<scf::ForOp>()) {
    auto outside = [&](Value v) { return !above->isAncestor(v.getParentRegion()->getParentOp()); };
    if (!outside(loop.getLowerBound()) || !outside(loop.getUpperBound()) ||
        !outside(loop.getStep()))
      return count;
    Value n = tripCount(b, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
    return innerIterations(b, loc, *loop.getBody(), above, arith::MulIOp::create(b, loc, count, n));
  }
  return count;
}

/// Loops `dims` of `op` as nested `scf.for` at `b`'s insertion point, with
/// `op`'s body (its induction variables mapped through `map`) inside.
void emitSequential(OpBuilder &b, Location loc, scf::ParallelOp op, unsigned firstDim,
                    IRMapping &map) {
  if (firstDim == op.getNumLoops()) {
    for (Operation &inner : op.getBody()->without_terminator())
      b.clone(inner, map);
    return;
  }
  auto loop = scf::ForOp::create(b, loc, op.getLowerBound()[firstDim],
                                 op.getUpperBound()[firstDim], op.getStep()[firstDim]);
  map.map(op.getInductionVars()[firstDim], loop.getInductionVar());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  emitSequential(b, loc, op, firstDim + 1, map);
}

func::FuncOp declareNumThreads(ModuleOp module) {
  if (auto f = module.lookupSymbol<func::FuncOp>(kNumThreads))
    return f;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto type = b.getFunctionType({}, {b.getI32Type()});
  auto f = func::FuncOp::create(b, module.getLoc(), kNumThreads, type);
  f.setPrivate();
  return f;
}

struct CPUThreadsPass : arrayc::impl::CPUThreadsBase<CPUThreadsPass> {
  using CPUThreadsBase::CPUThreadsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Reduction and scan loops outside the parallel nests, outermost first.
    SmallVector<std::tuple<scf::ForOp, LoopCombiner, bool>> reductions;
    if (minIterations > 0) {
      module->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<scf::ParallelOp, omp::ParallelOp>(op))
          return WalkResult::skip();
        auto loop = dyn_cast<scf::ForOp>(op);
        bool scan = loop && loop->hasAttr("ndarray.scan");
        if (!loop || !isSplittable(loop, scan))
          return WalkResult::advance();
        if (std::optional<LoopCombiner> combiner = arrayc::matchLoopCombiner(loop, scan)) {
          reductions.push_back({loop, *combiner, scan});
          return WalkResult::skip();
        }
        return WalkResult::advance();
      });
    }
    for (auto &[loop, combiner, scan] : reductions)
      split(loop, combiner, scan, declareNumThreads(module));

    SmallVector<scf::ParallelOp> outermost, nested;
    module.walk([&](scf::ParallelOp op) {
      if (!op.getInitVals().empty()) {
        op.emitOpError("with reductions is not expected on the cpu target");
        return signalPassFailure();
      }
      (op->getParentOfType<scf::ParallelOp>() ? nested : outermost).push_back(op);
    });
    // Inner nests first (the walk is post-order): their bodies are then
    // plain loops when the outer ones are checked and cloned.
    for (scf::ParallelOp op : nested)
      sequentialize(op);
    for (scf::ParallelOp op : outermost) {
      if (minIterations > 0 && runsOnAnyThread(op.getBody()) && !staticallySmall(op))
        toOpenMP(op, declareNumThreads(module));
      else
        sequentialize(op);
    }
  }

  /// An index loop of positive constant step whose body may run on any
  /// thread, reading memory only -- or, for a scan (`ndarray.scan`: the
  /// lowering's loop storing each running value at its own index), writing
  /// only its running values.
  static bool isSplittable(scf::ForOp loop, bool scan) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!loop.getInductionVar().getType().isIndex() || !step || *step <= 0)
      return false;
    if (!scan)
      return runsOnAnyThread(loop.getBody(), /*readOnly=*/true);
    if (!runsOnAnyThread(loop.getBody()))
      return false;
    Value running = loop.getBody()->getTerminator()->getOperand(0);
    WalkResult writes = loop.getBody()->walk([&](Operation *op) {
      auto store = dyn_cast<memref::StoreOp>(op);
      bool write = !isPure(op) && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                   !isa<memref::LoadOp>(op);
      return (store && store.getValueToStore() == running) || !write ? WalkResult::advance()
                                                                      : WalkResult::interrupt();
    });
    return !writes.wasInterrupted();
  }

  /// An `omp.parallel` on all threads of an `omp.wsloop` over chunks
  /// [0, count) of `chunk` iterations of `loop` (the last one shorter),
  /// `body` emitting chunk c over iterations [lo, hi) of `loop`'s bounds.
  void forEachChunk(OpBuilder &b, scf::ForOp loop, Value n, Value chunk, Value count,
                    Value threads,
                    function_ref<void(OpBuilder &, Value c, Value lo, Value hi)> body) {
    Location loc = loop.getLoc();
    omp::ParallelOperands parallelClauses;
    parallelClauses.numThreads = threads;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto parallel = omp::ParallelOp::create(b, loc, parallelClauses);
    OpBuilder::InsertionGuard guard(b);
    b.createBlock(&parallel.getRegion());
    auto wsloop = omp::WsloopOp::create(b, loc, omp::WsloopOperands{});
    b.createBlock(&wsloop.getRegion());
    omp::LoopNestOperands nestClauses;
    nestClauses.loopLowerBounds = {zero};
    nestClauses.loopUpperBounds = {count};
    nestClauses.loopSteps = {one};
    auto nest = omp::LoopNestOp::create(b, loc, nestClauses);
    Block *block = b.createBlock(&nest.getRegion(), {}, {b.getIndexType()}, {loc});
    Value c = block->getArgument(0);
    Value lb = loop.getLowerBound(), step = loop.getStep();
    Value first = arith::MulIOp::create(b, loc, c, chunk);
    Value last = arith::MinSIOp::create(b, loc, arith::AddIOp::create(b, loc, first, chunk), n);
    Value lo = arith::AddIOp::create(b, loc, lb, arith::MulIOp::create(b, loc, first, step));
    Value hi = arith::AddIOp::create(b, loc, lb, arith::MulIOp::create(b, loc, last, step));
    body(b, c, lo, hi);
    omp::YieldOp::create(b, loc);
    b.setInsertionPointToEnd(&parallel.getRegion().front());
    omp::TerminatorOp::create(b, loc);
  }

  /// `loop` over [lo, hi) from `init`, at `b`'s insertion point.
  static scf::ForOp cloneOver(OpBuilder &b, scf::ForOp loop, Value lo, Value hi, Value init) {
    auto part = cast<scf::ForOp>(b.clone(*loop));
    part.setLowerBound(lo);
    part.setUpperBound(hi);
    part.getInitArgsMutable().assign(init);
    return part;
  }

  /// A scan's chunk loop reduced to its fold: the stores of its running
  /// values go, and its float combine step may reassociate (vectorize).
  static void foldOnly(scf::ForOp part) {
    part.getBody()->walk([&](memref::StoreOp store) { store.erase(); });
    Operation *step = part.getBody()->getTerminator()->getOperand(0).getDefiningOp();
    if (auto fm = dyn_cast_or_null<arith::ArithFastMathInterface>(step))
      step->setAttr(fm.getFastMathAttrName(),
                    arith::FastMathFlagsAttr::get(step->getContext(),
                                                  fm.getFastMathFlagsAttr().getValue() |
                                                      arith::FastMathFlags::reassoc));
  }

  /// A memref<kChunks x type> in `loop`'s function's frame, allocated once
  /// however often the loop runs.
  static Value frameBuffer(scf::ForOp loop, Type type) {
    auto func = loop->getParentOfType<FunctionOpInterface>();
    OpBuilder b = OpBuilder::atBlockBegin(&func.getFunctionBody().front());
    return memref::AllocaOp::create(b, loop.getLoc(), MemRefType::get({kChunks}, type));
  }

  /// Splits reduction or scan `loop` into chunks on threads when its work
  /// reaches the minimum (then n >= 1 and no chunk is empty); below it, the
  /// loop runs as it was. A scan on one thread runs as it was too (in
  /// chunks it reads its input twice).
  void split(scf::ForOp loop, const LoopCombiner &combiner, bool scan, func::FuncOp numThreads) {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value n = tripCount(b, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
    Value work = innerIterations(b, loc, *loop.getBody(), loop, n);
    Value big = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, work,
                                      arith::ConstantIndexOp::create(b, loc, minIterations));
    Value threads = func::CallOp::create(b, loc, numThreads).getResult(0);
    if (scan)
      big = arith::AndIOp::create(
          b, loc, big,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, threads,
                                arith::ConstantIntOp::create(b, loc, 1, 32)));
    Type type = loop.getResult(0).getType();
    auto branch = scf::IfOp::create(b, loc, TypeRange{type}, big, /*withElseRegion=*/true);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, b.clone(*loop)->getResults());

    Value partials = frameBuffer(loop, type);
    b.setInsertionPointToStart(branch.thenBlock());
    Value chunk = arith::CeilDivSIOp::create(b, loc, n,
                                             arith::ConstantIndexOp::create(b, loc, kChunks));
    Value count = arith::CeilDivSIOp::create(b, loc, n, chunk);
    Value identity = arith::ConstantOp::create(b, loc, combiner.identity);
    // Each chunk's fold from the identity (a scan's without its stores).
    forEachChunk(b, loop, n, chunk, count, threads,
                 [&](OpBuilder &b, Value c, Value lo, Value hi) {
                   scf::ForOp part = cloneOver(b, loop, lo, hi, identity);
                   if (scan)
                     foldOnly(part);
                   memref::StoreOp::create(b, loc, part.getResult(0), partials, c);
                 });
    // The partials in order from the initial value; a scan keeps each
    // chunk's starting value, then scans its chunk from there on threads.
    Value starts = scan ? frameBuffer(loop, type) : Value();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto combine = scf::ForOp::create(b, loc, zero, count, one, loop.getInitArgs());
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(combine.getBody());
      Value c = combine.getInductionVar(), acc = combine.getRegionIterArgs()[0];
      if (scan)
        memref::StoreOp::create(b, loc, acc, starts, c);
      Value partial = memref::LoadOp::create(b, loc, partials, c);
      scf::YieldOp::create(b, loc, combiner.apply(b, acc, partial));
    }
    if (scan)
      forEachChunk(b, loop, n, chunk, count, threads,
                   [&](OpBuilder &b, Value c, Value lo, Value hi) {
                     cloneOver(b, loop, lo, hi, memref::LoadOp::create(b, loc, starts, c));
                   });
    scf::YieldOp::create(b, loc, combine.getResults());
    loop.getResult(0).replaceAllUsesWith(branch.getResult(0));
    loop.erase();
  }

  /// Whether `op`'s iterations are known at compile time to stay below the
  /// minimum (a one-element copy in a scalar loop): no region for it.
  bool staticallySmall(scf::ParallelOp op) const {
    int64_t work = 1;
    for (unsigned d = 0; d < op.getNumLoops(); ++d) {
      std::optional<int64_t> lb = getConstantIntValue(op.getLowerBound()[d]);
      std::optional<int64_t> ub = getConstantIntValue(op.getUpperBound()[d]);
      std::optional<int64_t> step = getConstantIntValue(op.getStep()[d]);
      if (!lb || !ub || !step || *step <= 0)
        return false;
      int64_t span = *ub - *lb;
      work *= span <= 0 ? 0 : (span + *step - 1) / *step;
      if (work >= minIterations)
        return false;
    }
    return !op.getBody()
                ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
                .wasInterrupted();
  }

  void sequentialize(scf::ParallelOp op) {
    OpBuilder b(op);
    IRMapping map;
    emitSequential(b, op.getLoc(), op, 0, map);
    op.erase();
  }

  /// The nest on OpenMP threads when it has at least `minIterations`
  /// iterations. At the top of a function the size test is the region's
  /// `if` clause (a small nest runs serialized in the region); inside a loop
  /// it is an `scf.if` with the nest as plain loops on the other side: a
  /// serialized region costs microseconds per entry in libomp (Debian's
  /// formats debug strings in each loop's static init), which a small nest
  /// entered once per iteration of a long loop pays every time (k-means'
  /// per-row means: 164,000 regions per call).
  void toOpenMP(scf::ParallelOp op, func::FuncOp numThreads) {
    Location loc = op.getLoc();
    OpBuilder b(op);
    Value work = arith::ConstantIndexOp::create(b, loc, 1);
    for (unsigned d = 0; d < op.getNumLoops(); ++d)
      work = arith::MulIOp::create(
          b, loc, work,
          tripCount(b, loc, op.getLowerBound()[d], op.getUpperBound()[d], op.getStep()[d]));
    work = innerIterations(b, loc, *op.getBody(), op, work);
    Value threshold = arith::ConstantIndexOp::create(b, loc, minIterations);
    Value large = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, work, threshold);
    omp::ParallelOperands parallelClauses;
    if (op->getParentOfType<LoopLikeOpInterface>()) {
      auto branch = scf::IfOp::create(b, loc, large, /*withElseRegion=*/true);
      b.setInsertionPoint(branch.elseBlock()->getTerminator());
      IRMapping sequential;
      emitSequential(b, loc, op, 0, sequential);
      b.setInsertionPoint(branch.thenBlock()->getTerminator());
    } else {
      parallelClauses.ifExpr = large;
    }
    parallelClauses.numThreads = func::CallOp::create(b, loc, numThreads).getResult(0);
    auto parallel = omp::ParallelOp::create(b, loc, parallelClauses);
    b.createBlock(&parallel.getRegion());
    auto wsloop = omp::WsloopOp::create(b, loc, omp::WsloopOperands{});
    b.createBlock(&wsloop.getRegion());
    omp::LoopNestOperands nestClauses;
    nestClauses.loopLowerBounds = {op.getLowerBound()[0]};
    nestClauses.loopUpperBounds = {op.getUpperBound()[0]};
    nestClauses.loopSteps = {op.getStep()[0]};
    auto nest = omp::LoopNestOp::create(b, loc, nestClauses);
    Block *body = b.createBlock(&nest.getRegion(), {}, {b.getIndexType()}, {loc});
    IRMapping map;
    map.map(op.getInductionVars()[0], body->getArgument(0));
    emitSequential(b, loc, op, 1, map);
    omp::YieldOp::create(b, loc);
    b.setInsertionPointToEnd(&parallel.getRegion().front());
    omp::TerminatorOp::create(b, loc);
    op.erase();
  }
};

} // namespace
