//===- SerializeGPUModules.cpp - gpu.modules to binaries, in parallel -----===//
//
// Upstream's gpu-module-to-binary serializes one gpu.module after the other.
// Each serialization is independent (its own LLVMContext: translation,
// libdevice, O3, NVPTX code generation, ptxas), and a program has one module
// per kernel (k-means: 100), so they run on the context's threads here; the
// gpu.binary ops are then made in module order, so the output is the same
// as the sequential pass's (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringSwitch.h"

namespace arrayc {
#define GEN_PASS_DEF_SERIALIZEGPUMODULES
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// The objects of `module` for each of its targets, or failure (reported).
FailureOr<SmallVector<Attribute>> serialize(gpu::GPUModuleOp module,
                                            const gpu::TargetOptions &options) {
  if (!module.getTargetsAttr())
    return module.emitError("the module has no target attributes");
  SmallVector<Attribute> objects;
  for (Attribute attr : module.getTargetsAttr()) {
    auto target = cast<gpu::TargetAttrInterface>(attr);
    std::optional<SmallVector<char, 0>> serialized = target.serializeToObject(module, options);
    if (!serialized)
      return module.emitError("an error happened while serializing the module");
    Attribute object = target.createObject(module, *serialized, options);
    if (!object)
      return module.emitError("an error happened while creating the object");
    objects.push_back(object);
  }
  return objects;
}

struct SerializeGPUModulesPass
    : arrayc::impl::SerializeGPUModulesBase<SerializeGPUModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto format = llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(compilationTarget)
                      .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
                      .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
                      .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
                      .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
                      .Default(std::nullopt);
    if (!format) {
      module.emitError() << "unknown GPU binary format '" << compilationTarget
                         << "' (isa, bin, fatbin or llvm)";
      return signalPassFailure();
    }
    auto modules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
    if (modules.empty())
      return;
    // Built before the threads start (upstream builds it lazily).
    SymbolTable symbols(module);
    // ptxas -lineinfo: the cubin keeps the line table of the PTX's .loc
    // directives (GPULineInfo.cpp); the code is the same as without.
    gpu::TargetOptions options(toolkitPath, /*librariesToLink=*/{}, /*cmdOptions=*/"-lineinfo",
                               /*elfSection=*/{}, *format, [&] { return &symbols; });
    SmallVector<SmallVector<Attribute>> objects(modules.size());
    auto serializeOne = [&](size_t i) -> LogicalResult {
      FailureOr<SmallVector<Attribute>> result = serialize(modules[i], options);
      if (failed(result))
        return failure();
      objects[i] = std::move(*result);
      return success();
    };
    // The first on this thread: whatever the translation loads into the
    // context on first use is loaded before the others run concurrently.
    if (failed(serializeOne(0)) ||
        failed(failableParallelForEachN(&getContext(), 1, modules.size(), serializeOne)))
      return signalPassFailure();
    OpBuilder builder(&getContext());
    for (auto [gpuModule, moduleObjects] : llvm::zip_equal(modules, objects)) {
      builder.setInsertionPointAfter(gpuModule);
      auto handler = dyn_cast_or_null<gpu::OffloadingLLVMTranslationAttrInterface>(
          gpuModule.getOffloadingHandlerAttr());
      gpu::BinaryOp::create(builder, gpuModule.getLoc(), gpuModule.getName(), handler,
                            builder.getArrayAttr(moduleObjects));
      gpuModule->erase();
    }
  }
};

} // namespace
