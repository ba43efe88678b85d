//===- ScalarLoops.cpp - host loops of scalar steps, one device thread ----===//
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
// Bounds checks inside record the first failure (which check, and its two
// values) in a small device buffer and end the thread (PTX `exit`), so no
// access past a failed check runs. The host reads the record once, after
// the kernel, and reports the failure through the check's own runtime call
// and message: the same error as before, with the writes before it done,
// as NumPy leaves them.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GPUMap/Strategies.h"
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

/// True when `loop` (an scf.for or scf.while outside any kernel) holds only
/// scalar steps and touches device memory.
bool scalarLoop(Operation *loop) {
  bool touchesMemory = false;
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
      return g.hasPureBufferSemantics() && g.getNumLoops() == 0 ? WalkResult::advance()
                                                                 : WalkResult::interrupt();
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
  return !walk.wasInterrupted() && touchesMemory &&
         llvm::all_of(loop->getResultTypes(), scalarType);
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

/// Inside the kernel: the loop copy's steps as scalar code, its temporaries
/// in private memory, its checks as records in `record` followed by exit.
void lowerSteps(OpBuilder &kb, Location loc, gpu::LaunchOp launch, Operation *copy,
                Value record) {
  SmallVector<linalg::GenericOp> steps;
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::DeallocOp> deallocs;
  SmallVector<func::CallOp> checks;
  copy->walk([&](Operation *op) {
    if (auto g = dyn_cast<linalg::GenericOp>(op))
      steps.push_back(g);
    else if (auto a = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(a);
    else if (auto d = dyn_cast<memref::DeallocOp>(op))
      deallocs.push_back(d);
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
  for (linalg::GenericOp g : steps) {
    OpBuilder gb(g);
    storeOutputs(gb, g.getLoc(), g, {}, emitBody(gb, g.getLoc(), g, {}));
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

void runOnOneThread(Operation *loop) {
  OpBuilder b(loop);
  Location loc = loop->getLoc();
  SmallVector<Value> resultBuffers;
  for (Value r : loop->getResults())
    resultBuffers.push_back(memref::AllocOp::create(b, loc, MemRefType::get({}, r.getType())));
  SmallVector<func::CallOp> checks;
  loop->walk([&](Operation *op) {
    if (isCheck(op))
      checks.push_back(cast<func::CallOp>(op));
  });
  Value record;
  SmallVector<Value> messages;
  IRMapping hostMap;
  if (!checks.empty()) {
    record = memref::AllocOp::create(b, loc, MemRefType::get({3}, b.getI64Type()));
    for (func::CallOp check : checks)
      messages.push_back(onHost(b, check.getOperand(1), loop, hostMap));
  }
  emitLaunch(b, loc, arith::ConstantIntOp::create(b, loc, 1, 1), cIndex(b, loc, 1), 1, {},
             [&](OpBuilder &kb, gpu::LaunchOp launch) {
               if (record)
                 memref::StoreOp::create(kb, loc, arith::ConstantIntOp::create(kb, loc, 0, 64),
                                         record, ValueRange{cIndex(kb, loc, 0)});
               IRMapping map;
               Operation *copy = kb.clone(*loop, map);
               for (auto [r, buffer] : llvm::zip(copy->getResults(), resultBuffers))
                 memref::StoreOp::create(kb, loc, r, buffer, ValueRange{});
               lowerSteps(kb, loc, launch, copy, record);
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

} // namespace

void runScalarLoopsOnDevice(func::FuncOp fn) {
  SmallVector<Operation *> loops;
  fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<scf::ForOp, scf::WhileOp>(op) && scalarLoop(op)) {
      loops.push_back(op);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  for (Operation *loop : loops)
    runOnOneThread(loop);
}

} // namespace arrayc::gpumap
