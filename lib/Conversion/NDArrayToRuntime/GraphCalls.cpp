//===- GraphCalls.cpp - bracket public cuda functions for graph replay ----===//
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

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace arrayc {
#define GEN_PASS_DEF_CUDAGRAPHCALLS
#include "Conversion/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc::rtcall;

namespace {
/// The most kernels one pass through `region` can launch, capped at 2 ("two
/// or more"): branches of an `scf.if` count as alternatives, a launch in a
/// loop or a call of another function as two.
unsigned maxLaunches(Region &region);
unsigned maxLaunches(Operation &op) {
  if (isa<gpu::LaunchFuncOp>(op))
    return 1;
  if (isa<func::CallOp>(op)) {
    auto call = cast<func::CallOp>(op);
    return call.getCallee().starts_with("arrayc_rt_") ? 0 : 2;
  }
  if (isa<gpu::GPUModuleOp>(op))
    return 0;
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return std::max(maxLaunches(ifOp.getThenRegion()), maxLaunches(ifOp.getElseRegion()));
  unsigned n = 0;
  for (Region &r : op.getRegions())
    n += maxLaunches(r);
  if (n && (isa<LoopLikeOpInterface>(op) || op.getNumRegions() > 1))
    return 2;
  return std::min(n, 2u);
}
unsigned maxLaunches(Region &region) {
  unsigned n = 0;
  for (Block &block : region)
    for (Operation &op : block)
      n = std::min(n + maxLaunches(op), 2u);
  // Unstructured control flow (several blocks): a block may run again.
  return region.getBlocks().size() > 1 && n ? 2 : n;
}

struct CudaGraphCallsPass : arrayc::impl::CudaGraphCallsBase<CudaGraphCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    SmallVector<func::FuncOp> functions;
    for (auto fn : module.getOps<func::FuncOp>())
      if (fn.isPublic() && !fn.isExternal() && fn.getName() != "arrayc_main" &&
          maxLaunches(fn.getBody()) >= 2)
        functions.push_back(fn);
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
