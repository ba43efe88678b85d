//===- CheckDeviceArguments.cpp - exported functions get device arrays ----===//
//
// On the cuda target a public function's array arguments must be device
// memory of the device the program runs on: a C++ host passing a host array,
// or one of another GPU, would make the kernels fault. At the entry of each
// public function (not `arrayc_main`, whose arrays are its own) this pass
// calls `arrayc_rt_check_device(pointer, index, function name)` per memref
// argument; the runtime reports a foreign array clearly and exits.
//
//===----------------------------------------------------------------------===//

#include "Conversion/NDArrayToRuntime/RuntimeCalls.h"
#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace arrayc {
#define GEN_PASS_DEF_CHECKDEVICEARGUMENTS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;
using namespace arrayc::rtcall;

namespace {
struct CheckDeviceArgumentsPass
    : arrayc::impl::CheckDeviceArgumentsBase<CheckDeviceArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpBuilder b(module.getContext());
    Type i64 = b.getI64Type();
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (!arrayc::isExportedFunction(fn))
        continue;
      Block &entry = fn.getBody().front();
      b.setInsertionPointToStart(&entry);
      Location loc = fn.getLoc();
      Value name;
      for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
        if (!isa<MemRefType>(arg.getType()))
          continue;
        if (!name)
          name = stringValue(b, loc, module, arrayc::userFunctionName(fn.getName()));
        Value ptr = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, arg);
        Value ptr64 = arith::IndexCastOp::create(b, loc, i64, ptr);
        Value index = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(i));
        func::FuncOp check =
            declare(b, module, "arrayc_rt_check_device", {i64, i64, name.getType()});
        func::CallOp::create(b, loc, check, ValueRange{ptr64, index, name});
      }
    }
  }
};
} // namespace
