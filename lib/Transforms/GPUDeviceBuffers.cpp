//===- GPUDeviceBuffers.cpp - host-code buffers into device memory --------===//

#include "Transforms/Passes.h"
#include "Transforms/Buffers.h"
#include "Transforms/Symbols.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace arrayc {
#define GEN_PASS_DEF_GPUDEVICEBUFFERS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// True when every user of `v`, looking through views and casts, satisfies
/// `ok`.
bool allUsers(Value v, function_ref<bool(Operation *)> ok) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa<ViewLikeOpInterface, memref::CastOp>(user)) {
      for (Value r : user->getResults())
        if (!allUsers(r, ok))
          return false;
      continue;
    }
    if (!ok(user))
      return false;
  }
  return true;
}

/// True when the device copy `v` of a constant, or a value that may alias
/// it (views, casts, selects, results of a region op that yields it or takes
/// it in), may be used after the end of `block`: yielded or branched out of
/// `block`, stored, used outside the ops nested in `block`, or returned
/// itself. An alias that reaches a `func.return` is no escape: the
/// deallocation pipeline returns only owned buffers (it clones the others
/// there), and the copy of a global is never owned.
bool escapesBlock(Value v, Block *block, bool direct = true) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (!block->findAncestorOpInBlock(*user) || isa<BranchOpInterface>(user))
      return true;
    if (isa<func::ReturnOp>(user)) {
      if (direct)
        return true;
      continue;
    }
    if (auto store = dyn_cast<memref::StoreOp>(user); store && store.getValue() == v)
      return true;
    if (isa<RegionBranchTerminatorOpInterface>(user)) {
      if (user->getBlock() == block)
        return true;
      // Forwarded values keep their type: the parent's results of v's type.
      for (Value r : user->getParentOp()->getResults())
        if (r.getType() == v.getType() && escapesBlock(r, block, false))
          return true;
      continue;
    }
    // Passed into a loop (iter_args): its results of v's type may be v.
    if (isa<RegionBranchOpInterface>(user)) {
      for (Value r : user->getResults())
        if (r.getType() == v.getType() && escapesBlock(r, block, false))
          return true;
      continue;
    }
    if (isa<ViewLikeOpInterface, memref::CastOp, arith::SelectOp,
            memref::ExtractStridedMetadataOp>(user))
      for (Value r : user->getResults())
        if (isa<BaseMemRefType>(r.getType()) && escapesBlock(r, block, false))
          return true;
  }
  return false;
}

/// The function `op` calls, if it is a func.call of one in the module.
func::FuncOp calleeOf(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  return call ? SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr())
              : func::FuncOp();
}

/// True when every use of `v` (through views and casts) is a call of an
/// external (runtime) function that takes host memory: the strings of paths
/// and messages. The GPU library entry points (`arrayc_rt_cublas_*`,
/// `arrayc_rt_cusolver_*`, `arrayc_rt_cufft_*`) take device memory. Anything
/// else may reach a kernel, directly or through calls, returns, branches and
/// loops, so it must live on the device.
bool onlyHostUses(Value v) {
  return allUsers(v, [](Operation *user) {
    func::FuncOp callee = calleeOf(user);
    return callee && callee.isExternal() && !callee.getSymName().starts_with("arrayc_rt_cu");
  });
}

/// True when the buffer `v` is only touched by host code: scalar loads and
/// stores, deallocation, pointer extraction and calls of the deallocation
/// helper, never inside a kernel. Such a buffer (the index and flag arrays
/// the deallocation lowering builds) stays in host memory. Runtime calls do
/// not count: cuBLAS and the linalg/fft entry points take device buffers.
bool hostOnlyBuffer(Value v) {
  return allUsers(v, [](Operation *user) {
    if (user->getParentOfType<gpu::LaunchOp>())
      return false;
    if (isa<memref::LoadOp, memref::StoreOp, memref::DeallocOp,
            memref::ExtractAlignedPointerAsIndexOp>(user))
      return true;
    return arrayc::isDeallocHelper(calleeOf(user));
  });
}

/// Emits `op` between a `gpu.wait async` and a `gpu.wait`, the form the
/// upstream gpu-to-llvm lowering accepts for allocation and copies.
template <typename Fn>
void synchronously(OpBuilder &b, Location loc, Fn &&fn) {
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());
  Value start = gpu::WaitOp::create(b, loc, tokenType, ValueRange{}).getAsyncToken();
  Value done = fn(tokenType, start);
  gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
}

/// True when `v` is host memory: a stack buffer or a global left on the host
/// (after the rewrite above, the only globals left are those kernels never read).
bool isHostBuffer(Value v) {
  // After the rewrite, a memref.alloc left is one hostOnlyBuffer kept;
  // function arguments and gpu.alloc results live on the device.
  return arrayc::isViewOf<memref::AllocaOp, memref::AllocOp, memref::GetGlobalOp>(v);
}

/// A one-thread kernel at `b`'s position running `body`.
void singleThreadKernel(OpBuilder &b, Location loc, function_ref<void(OpBuilder &)> body) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  OpBuilder kb = OpBuilder::atBlockBegin(&launch.getBody().front());
  body(kb);
  gpu::TerminatorOp::create(kb, loc);
}

/// Host code reading one element of a device buffer (a scalar condition of
/// `if`/`while`, a loop bound): a one-thread kernel copies it to a device
/// scratch element, which is copied to a host stack slot and read there.
void hostLoadFromDevice(memref::LoadOp load) {
  OpBuilder b(load);
  Location loc = load.getLoc();
  Type elt = load.getType();
  auto one = MemRefType::get({1}, elt);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value scratch;
  synchronously(b, loc, [&](Type tok, Value dep) {
    auto a = gpu::AllocOp::create(b, loc, one, tok, ValueRange{dep}, ValueRange{}, ValueRange{},
                                  false);
    scratch = a.getMemref();
    return a.getAsyncToken();
  });
  singleThreadKernel(b, loc, [&](OpBuilder &kb) {
    Value v = memref::LoadOp::create(kb, loc, load.getMemref(), load.getIndices());
    memref::StoreOp::create(kb, loc, v, scratch, ValueRange{zero});
  });
  Value host = memref::AllocaOp::create(b, loc, one);
  synchronously(b, loc, [&](Type tok, Value dep) {
    Value copied =
        gpu::MemcpyOp::create(b, loc, tok, ValueRange{dep}, host, scratch).getAsyncToken();
    return gpu::DeallocOp::create(b, loc, tok, ValueRange{copied}, scratch).getAsyncToken();
  });
  Value v = memref::LoadOp::create(b, loc, host, ValueRange{zero});
  load.replaceAllUsesWith(v);
  load.erase();
}

/// Host code writing one element of a device buffer (a scalar computed on the
/// host, e.g. by tensor.from_elements): a one-thread kernel stores it.
void hostStoreToDevice(memref::StoreOp store) {
  OpBuilder b(store);
  singleThreadKernel(b, store.getLoc(), [&](OpBuilder &kb) {
    memref::StoreOp::create(kb, store.getLoc(), store.getValue(), store.getMemref(),
                            store.getIndices());
  });
  store.erase();
}

struct GPUDeviceBuffersPass : arrayc::impl::GPUDeviceBuffersBase<GPUDeviceBuffersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> work;
    // Deallocations of host-only buffers stay memref.dealloc.
    auto hostDealloc = [](memref::DeallocOp d) {
      Value v = d.getMemref();
      while (Operation *def = v.getDefiningOp()) {
        if (auto alloc = dyn_cast<memref::AllocOp>(def))
          return hostOnlyBuffer(alloc);
        if (auto cast = dyn_cast<memref::CastOp>(def)) {
          v = cast.getSource();
          continue;
        }
        return false;
      }
      return false;
    };
    getOperation().walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>() || op->getParentOfType<gpu::GPUModuleOp>() ||
          arrayc::isDeallocHelper(op->getParentOfType<func::FuncOp>()))
        return;
      if (auto alloc = dyn_cast<memref::AllocOp>(op); alloc && !hostOnlyBuffer(alloc))
        work.push_back(op);
      else if (auto d = dyn_cast<memref::DeallocOp>(op); d && !hostDealloc(d))
        work.push_back(op);
      else if (auto g = dyn_cast<memref::GetGlobalOp>(op); g && !onlyHostUses(g))
        work.push_back(op);
    });
    for (Operation *op : work) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        Value mem;
        synchronously(b, loc, [&](Type tok, Value dep) {
          auto a = gpu::AllocOp::create(b, loc, alloc.getType(), tok, ValueRange{dep},
                                        alloc.getDynamicSizes(), alloc.getSymbolOperands(),
                                        /*hostShared=*/false);
          mem = a.getMemref();
          return a.getAsyncToken();
        });
        alloc.replaceAllUsesWith(mem);
        alloc.erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        synchronously(b, loc, [&](Type tok, Value dep) {
          return gpu::DeallocOp::create(b, loc, tok, ValueRange{dep}, dealloc.getMemref())
              .getAsyncToken();
        });
        dealloc.erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // A constant array a kernel reads: one device copy, made here.
        b.setInsertionPointAfter(global);
        auto type = cast<MemRefType>(global.getType());
        Value mem;
        synchronously(b, loc, [&](Type tok, Value dep) {
          auto a = gpu::AllocOp::create(b, loc, type, tok, ValueRange{dep}, ValueRange{},
                                        ValueRange{}, false);
          mem = a.getMemref();
          return gpu::MemcpyOp::create(b, loc, tok, ValueRange{a.getAsyncToken()}, mem,
                                       global.getResult())
              .getAsyncToken();
        });
        global.getResult().replaceUsesWithIf(mem, [&](OpOperand &use) {
          return !isa<gpu::MemcpyOp>(use.getOwner());
        });
        // The copy is made each time this code runs: freed at the end of its
        // block, after every use, unless a value aliasing it may outlive the
        // block (escapesBlock). The deallocation pipeline has already run and
        // treats the global as not owned, so nothing else frees the copy,
        // also where a loop yields it or a select picks it. (It leaked once
        // per call before.)
        bool escapes = escapesBlock(mem, global->getBlock());
        if (!escapes) {
          Block *block = global->getBlock();
          OpBuilder end(block, Block::iterator(block->getTerminator()));
          synchronously(end, loc, [&](Type tok, Value dep) {
            return gpu::DeallocOp::create(end, loc, tok, ValueRange{dep}, mem).getAsyncToken();
          });
        }
      }
    }
    // Scalar host accesses of device buffers (after the rewrite above, so that
    // globals copied to the device count as device buffers).
    SmallVector<Operation *> scalarAccesses;
    getOperation().walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>() || op->getParentOfType<gpu::GPUModuleOp>() ||
          arrayc::isDeallocHelper(op->getParentOfType<func::FuncOp>()))
        return;
      if (auto load = dyn_cast<memref::LoadOp>(op); load && !isHostBuffer(load.getMemref()))
        scalarAccesses.push_back(op);
      if (auto store = dyn_cast<memref::StoreOp>(op); store && !isHostBuffer(store.getMemref()))
        scalarAccesses.push_back(op);
    });
    for (Operation *op : scalarAccesses) {
      if (auto load = dyn_cast<memref::LoadOp>(op))
        hostLoadFromDevice(load);
      else
        hostStoreToDevice(cast<memref::StoreOp>(op));
    }
  }
};

} // namespace
