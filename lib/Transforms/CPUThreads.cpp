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
    // Reduction loops outside the parallel nests, outermost first.
    SmallVector<std::pair<scf::ForOp, LoopCombiner>> reductions;
    if (minIterations > 0) {
      module->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<scf::ParallelOp, omp::ParallelOp>(op))
          return WalkResult::skip();
        auto loop = dyn_cast<scf::ForOp>(op);
        if (!loop || !isSplittable(loop))
          return WalkResult::advance();
        if (std::optional<LoopCombiner> combiner = arrayc::matchLoopCombiner(loop)) {
          reductions.push_back({loop, *combiner});
          return WalkResult::skip();
        }
        return WalkResult::advance();
      });
    }
    for (auto &[loop, combiner] : reductions)
      splitReduction(loop, combiner, declareNumThreads(module));

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
      if (minIterations > 0 && runsOnAnyThread(op.getBody()))
        toOpenMP(op, declareNumThreads(module));
      else
        sequentialize(op);
    }
  }

  /// An index loop of positive constant step whose body reads memory only
  /// and may run on any thread.
  static bool isSplittable(scf::ForOp loop) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    return loop.getInductionVar().getType().isIndex() && step && *step > 0 &&
           runsOnAnyThread(loop.getBody(), /*readOnly=*/true);
  }

  void splitReduction(scf::ForOp loop, const LoopCombiner &combiner, func::FuncOp numThreads) {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    Value lb = loop.getLowerBound(), ub = loop.getUpperBound(), step = loop.getStep();
    Value n = tripCount(b, loc, lb, ub, step);
    Value work = innerIterations(b, loc, *loop.getBody(), loop, n);
    Value big = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, work,
                                      arith::ConstantIndexOp::create(b, loc, minIterations));
    Type type = loop.getResult(0).getType();
    auto branch = scf::IfOp::create(b, loc, TypeRange{type}, big, /*withElseRegion=*/true);

    // Small: the loop as it was.
    b.setInsertionPointToStart(branch.elseBlock());
    Operation *sequential = b.clone(*loop);
    scf::YieldOp::create(b, loc, sequential->getResults());

    // Large: kChunks partial results on threads (a chunk never empty, as
    // n >= 1 here), then combined in order. The partials live in the
    // function's frame, allocated once however often the loop runs.
    auto func = loop->getParentOfType<FunctionOpInterface>();
    b.setInsertionPointToStart(&func.getFunctionBody().front());
    Value partials = memref::AllocaOp::create(b, loc, MemRefType::get({kChunks}, type));
    b.setInsertionPointToStart(branch.thenBlock());
    Value chunks = arith::ConstantIndexOp::create(b, loc, kChunks);
    Value chunk = arith::CeilDivSIOp::create(b, loc, n, chunks);
    Value count = arith::CeilDivSIOp::create(b, loc, n, chunk);
    Value identity = arith::ConstantOp::create(b, loc, combiner.identity);
    omp::ParallelOperands parallelClauses;
    parallelClauses.numThreads = func::CallOp::create(b, loc, numThreads).getResult(0);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto parallel = omp::ParallelOp::create(b, loc, parallelClauses);
    b.createBlock(&parallel.getRegion());
    auto wsloop = omp::WsloopOp::create(b, loc, omp::WsloopOperands{});
    b.createBlock(&wsloop.getRegion());
    omp::LoopNestOperands nestClauses;
    nestClauses.loopLowerBounds = {zero};
    nestClauses.loopUpperBounds = {count};
    nestClauses.loopSteps = {one};
    auto nest = omp::LoopNestOp::create(b, loc, nestClauses);
    Block *body = b.createBlock(&nest.getRegion(), {}, {b.getIndexType()}, {loc});
    Value c = body->getArgument(0);
    Value first = arith::MulIOp::create(b, loc, c, chunk);
    Value last = arith::MinSIOp::create(b, loc, arith::AddIOp::create(b, loc, first, chunk), n);
    Value lo = arith::AddIOp::create(b, loc, lb, arith::MulIOp::create(b, loc, first, step));
    Value hi = arith::AddIOp::create(b, loc, lb, arith::MulIOp::create(b, loc, last, step));
    auto part = cast<scf::ForOp>(b.clone(*loop));
    part.setLowerBound(lo);
    part.setUpperBound(hi);
    part.getInitArgsMutable().assign(identity);
    memref::StoreOp::create(b, loc, part.getResult(0), partials, c);
    omp::YieldOp::create(b, loc);
    b.setInsertionPointToEnd(&parallel.getRegion().front());
    omp::TerminatorOp::create(b, loc);

    b.setInsertionPointAfter(parallel);
    auto combine = scf::ForOp::create(b, loc, zero, count, one, loop.getInitArgs());
    b.setInsertionPointToStart(combine.getBody());
    Value partial = memref::LoadOp::create(b, loc, partials, combine.getInductionVar());
    Value next = combiner.apply(b, combine.getRegionIterArgs()[0], partial);
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointAfter(combine);
    scf::YieldOp::create(b, loc, combine.getResults());

    loop.getResult(0).replaceAllUsesWith(branch.getResult(0));
    loop.erase();
  }

  void sequentialize(scf::ParallelOp op) {
    OpBuilder b(op);
    IRMapping map;
    emitSequential(b, op.getLoc(), op, 0, map);
    op.erase();
  }

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
    omp::ParallelOperands parallelClauses;
    parallelClauses.ifExpr =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, work, threshold);
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
