//===- NameKernels.cpp - each kernel named as its module ------------------===//
//
// Kernel outlining names every kernel of a function `<function>_kernel` and
// makes only the gpu.module's name unique (`..._kernel_7`); profilers (Nsight,
// CUPTI, torch.profiler) see the function's name, so all kernels of a program
// looked alike. This pass gives each module's kernel the module's name and
// updates the launches (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace arrayc {
#define GEN_PASS_DEF_NAMEKERNELS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

struct NameKernelsPass : arrayc::impl::NameKernelsBase<NameKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Old reference -> new one, for the launches.
    llvm::DenseMap<Attribute, SymbolRefAttr> renamed;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      auto kernels = llvm::to_vector(llvm::make_filter_range(
          gpuModule.getOps<gpu::GPUFuncOp>(),
          [](gpu::GPUFuncOp f) { return f.isKernel(); }));
      StringRef moduleName = gpuModule.getSymName();
      if (kernels.size() != 1 || kernels.front().getName() == moduleName)
        continue;
      gpu::GPUFuncOp kernel = kernels.front();
      SymbolTable symbols(gpuModule);
      if (symbols.lookup(moduleName))
        continue; // another symbol of the module has the name already
      SymbolRefAttr oldRef =
          SymbolRefAttr::get(gpuModule.getSymNameAttr(),
                             {FlatSymbolRefAttr::get(kernel.getNameAttr())});
      if (failed(symbols.rename(kernel, moduleName)))
        return signalPassFailure();
      renamed[oldRef] = SymbolRefAttr::get(
          gpuModule.getSymNameAttr(),
          {FlatSymbolRefAttr::get(gpuModule.getSymNameAttr())});
    }
    if (renamed.empty())
      return;
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it = renamed.find(launch.getKernel());
      if (it != renamed.end())
        launch.setKernelAttr(it->second);
    });
  }
};

} // namespace
