//===- CudaGraphCalls.cpp - bracket public cuda functions for graph replay ===//
//
// A compiled function called again and again on small arrays spends its time
// launching kernels. After kernel outlining, this pass brackets the body of
// each public function (other than `arrayc_main`, which runs once) that may
// launch two or more kernels in one call with `arrayc_rt_graph_begin()` after
// the argument checks and `arrayc_rt_graph_end()` before each return; the
// runtime records the launches in between and replays a recurring sequence
// as one CUDA graph (runtime/src/graphs.h). The rest of the decision is the
// runtime's: it sees the kernels, grids and argument values a call actually
// produces, and queues what it recorded before any other device work, so no
// body needs to be proven free of host reads here. A function that launches
// at most one kernel per call is left alone: a graph of one kernel saves
// nothing, and recording it would cost the call.
//
//===----------------------------------------------------------------------===//

#include "Analysis/KernelCount.h"
#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace arrayc {
#define GEN_PASS_DEF_CUDAGRAPHCALLS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc::rtcall;

namespace {
struct CudaGraphCallsPass : arrayc::impl::CudaGraphCallsBase<CudaGraphCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    SmallVector<func::FuncOp> functions;
    for (auto fn : module.getOps<func::FuncOp>())
      if (arrayc::isExportedFunction(fn)) {
        // Library calls run outside a recording (they flush it): only the
        // kernels count.
        arrayc::KernelCount count = arrayc::countKernels(fn.getBody(), module);
        if (count.kernels >= 2 || (count.kernels == 1 && count.repeated))
          functions.push_back(fn);
      }
    if (functions.empty())
      return;
    func::FuncOp begin = declare(b, module, "arrayc_rt_graph_begin", {});
    func::FuncOp end = declare(b, module, "arrayc_rt_graph_end", {});
    for (func::FuncOp fn : functions) {
      // After the argument checks: a refused array never starts a recording.
      Block &entry = fn.getBody().front();
      b.setInsertionPointToStart(&entry);
      for (Operation &op : entry)
        if (auto call = dyn_cast<func::CallOp>(op);
            call && call.getCallee() == "arrayc_rt_check_device")
          b.setInsertionPointAfter(call);
      func::CallOp::create(b, fn.getLoc(), begin, ValueRange{});
      fn.walk([&](func::ReturnOp ret) {
        b.setInsertionPoint(ret);
        func::CallOp::create(b, ret.getLoc(), end, ValueRange{});
      });
    }
  }
};
} // namespace
