//===- JIT.cpp - ORC JIT and object emission ------------------------------===//
#include "JIT/JIT.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace {

void initializeNativeTarget() {
  static bool done = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)done;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>> hostTargetMachine(unsigned optLevel) {
  initializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(optLevel >= 2 ? llvm::CodeGenOptLevel::Aggressive
                                            : llvm::CodeGenOptLevel::Default);
  builder->setRelocationModel(llvm::Reloc::PIC_);
  return builder->createTargetMachine();
}

llvm::Expected<std::unique_ptr<llvm::Module>>
translate(ModuleOp module, llvm::LLVMContext &ctx, llvm::TargetMachine &tm, unsigned optLevel) {
  auto llvmModule = translateModuleToLLVMIR(module, ctx);
  if (!llvmModule)
    return llvm::createStringError("failed to translate the module to LLVM IR");
  llvmModule->setDataLayout(tm.createDataLayout());
  llvmModule->setTargetTriple(tm.getTargetTriple());
  auto transformer = makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, &tm);
  if (auto err = transformer(llvmModule.get()))
    return std::move(err);
  return llvmModule;
}

} // namespace

llvm::Error arrayc::jit::runMain(ModuleOp module, llvm::StringRef entry,
                                 const std::vector<std::string> &sharedLibs,
                                 unsigned optLevel) {
  initializeNativeTarget();
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  // ExecutionEngineOptions holds a function_ref: the transformer must outlive it.
  std::function<llvm::Error(llvm::Module *)> transformer =
      makeOptimizingTransformer(optLevel, 0, tm->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = optLevel >= 2 ? llvm::CodeGenOptLevel::Aggressive
                                             : llvm::CodeGenOptLevel::Default;
  SmallVector<StringRef> libs(sharedLibs.begin(), sharedLibs.end());
  options.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(module, options);
  if (!engine)
    return engine.takeError();
  // Runs the global constructors, among them the ones that load the kernel
  // modules of gpu.binary ops; lookup does not.
  (*engine)->initialize();
  auto fn = (*engine)->lookup(entry);
  if (!fn)
    return fn.takeError();
  reinterpret_cast<void (*)()>(*fn)();
  return llvm::Error::success();
}

llvm::Error arrayc::jit::emitObject(ModuleOp module, llvm::StringRef path, unsigned optLevel) {
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext ctx;
  auto llvmModule = translate(module, ctx, **tm, optLevel);
  if (!llvmModule)
    return llvmModule.takeError();
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError(ec, "cannot write '%s': %s", path.str().c_str(),
                                   ec.message().c_str());
  llvm::legacy::PassManager pm;
  if ((*tm)->addPassesToEmitFile(pm, out.os(), nullptr, llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the host target cannot emit object files");
  pm.run(**llvmModule);
  out.os().flush();
  if (out.os().has_error())
    return llvm::createStringError("error writing '%s'", path.str().c_str());
  out.keep();
  return llvm::Error::success();
}

llvm::Error arrayc::jit::emitLLVMIR(ModuleOp module, llvm::raw_ostream &os, unsigned optLevel) {
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext ctx;
  auto llvmModule = translate(module, ctx, **tm, optLevel);
  if (!llvmModule)
    return llvmModule.takeError();
  (*llvmModule)->print(os, nullptr);
  return llvm::Error::success();
}
