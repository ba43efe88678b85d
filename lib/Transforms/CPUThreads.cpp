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
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace arrayc {
#define GEN_PASS_DEF_CPUTHREADS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kNumThreads = "arrayc_rt_num_threads";

/// Whether another thread may run `op`'s body: no calls (a failing runtime
/// call unwinds through its caller's thread only), no allocation or free,
/// and no op whose effects are unknown.
bool runsOnAnyThread(scf::ParallelOp op) {
  WalkResult result = op.getBody()->walk([](Operation *inner) {
    if (isa<CallOpInterface>(inner))
      return WalkResult::interrupt();
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(inner)) {
      if (effects.hasEffect<MemoryEffects::Allocate>() ||
          effects.hasEffect<MemoryEffects::Free>())
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
      if (minIterations > 0 && runsOnAnyThread(op))
        toOpenMP(op, declareNumThreads(module));
      else
        sequentialize(op);
    }
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
