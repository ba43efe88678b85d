//===- NVTXRanges.cpp - an NVTX range per call of a compiled function -----===//
//
// See Passes.td (arrayc-nvtx-ranges).
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace arrayc {
#define GEN_PASS_DEF_NVTXRANGES
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc::rtcall;

namespace {
struct NVTXRangesPass : arrayc::impl::NVTXRangesBase<NVTXRangesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    SmallVector<func::FuncOp> functions;
    for (auto fn : module.getOps<func::FuncOp>())
      if (arrayc::isExportedFunction(fn) || fn.getSymName() == arrayc::kMainSymbol)
        functions.push_back(fn);
    if (functions.empty())
      return;
    Type text = UnrankedMemRefType::get(b.getI8Type(), 0);
    func::FuncOp push = declare(b, module, "arrayc_rt_range_push", {text});
    func::FuncOp pop = declare(b, module, "arrayc_rt_range_pop", {});
    for (func::FuncOp fn : functions) {
      b.setInsertionPointToStart(&fn.getBody().front());
      std::string name = arrayc::userFunctionName(fn.getSymName()).str();
      name.push_back('\0'); // NVTX takes a C string
      Value message = stringValue(b, fn.getLoc(), module, name);
      func::CallOp::create(b, fn.getLoc(), push, ValueRange{message});
      fn.walk([&](func::ReturnOp ret) {
        b.setInsertionPoint(ret);
        func::CallOp::create(b, ret.getLoc(), pop, ValueRange{});
      });
    }
  }
};
} // namespace
