//===- GPUDeviceBuffers.cpp - host-code buffers into device memory --------===//

#include "Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace arrayc {
#define GEN_PASS_DEF_GPUDEVICEBUFFERS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// True when `v`, or a view or cast of it, is used inside a kernel or passed
/// to a function of the program (whose kernels may read it); runtime
/// functions (declarations) take host memory.
bool reachesKernel(Value v) {
  SmallVector<Value> work{v};
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    for (OpOperand &use : cur.getUses()) {
      Operation *user = use.getOwner();
      if (user->getParentOfType<gpu::LaunchOp>() || isa<gpu::LaunchOp>(user))
        return true;
      if (auto call = dyn_cast<func::CallOp>(user)) {
        auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            call, call.getCalleeAttr());
        if (!callee || !callee.isExternal())
          return true;
      }
      if (isa<func::ReturnOp>(user))
        return true;
      if (isa<ViewLikeOpInterface, memref::CastOp>(user))
        for (Value r : user->getResults())
          work.push_back(r);
    }
  }
  return false;
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

struct GPUDeviceBuffersPass : arrayc::impl::GPUDeviceBuffersBase<GPUDeviceBuffersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> work;
    getOperation().walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>() || op->getParentOfType<gpu::GPUModuleOp>())
        return;
      if (isa<memref::AllocOp, memref::DeallocOp>(op))
        work.push_back(op);
      else if (auto g = dyn_cast<memref::GetGlobalOp>(op); g && reachesKernel(g))
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
      }
    }
  }
};

} // namespace
