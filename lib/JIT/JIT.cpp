//===- JIT.cpp - ORC JIT and object emission ------------------------------===//
#include "JIT/JIT.h"
#include "JIT/CWrappers.h"
#include "JIT/StackSlots.h"
#include "JIT/VectorMath.h"
#include "Transforms/Symbols.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <mutex>
#include <set>

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

/// The LLVM IR of `module`: exported functions' C wrappers finished
/// (CWrappers.h), every fixed-size stack slot in its function's entry block
/// (no stack growth in loops: StackSlots.h).
llvm::Expected<std::unique_ptr<llvm::Module>>
translateHost(ModuleOp module, llvm::LLVMContext &ctx,
              const std::vector<arrayc::FunctionSignature> &signatures) {
  auto llvmModule = translateModuleToLLVMIR(module, ctx);
  if (!llvmModule)
    return llvm::createStringError("failed to translate the module to LLVM IR");
  if (auto err = arrayc::jit::finishCWrappers(*llvmModule, signatures))
    return std::move(err);
  if (auto err = arrayc::jit::hoistStackSlots(*llvmModule))
    return std::move(err);
  return llvmModule;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
translate(ModuleOp module, llvm::LLVMContext &ctx, llvm::TargetMachine &tm, unsigned optLevel,
          const std::vector<arrayc::FunctionSignature> &signatures) {
  auto llvmModule = translateHost(module, ctx, signatures);
  if (!llvmModule)
    return llvmModule.takeError();
  (*llvmModule)->setDataLayout(tm.createDataLayout());
  (*llvmModule)->setTargetTriple(tm.getTargetTriple());
  if (auto err = arrayc::jit::optimizeHostModule(**llvmModule, tm, optLevel))
    return std::move(err);
  return llvmModule;
}

} // namespace

llvm::Error arrayc::jit::emitObject(ModuleOp module,
                                    const std::vector<FunctionSignature> &signatures,
                                    llvm::raw_pwrite_stream &os, unsigned optLevel) {
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext ctx;
  auto llvmModule = translate(module, ctx, **tm, optLevel, signatures);
  if (!llvmModule)
    return llvmModule.takeError();
  llvm::legacy::PassManager pm;
  if ((*tm)->addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the host target cannot emit object files");
  pm.run(**llvmModule);
  os.flush();
  return llvm::Error::success();
}

llvm::Error arrayc::jit::emitLLVMIR(ModuleOp module,
                                    const std::vector<FunctionSignature> &signatures,
                                    llvm::raw_ostream &os, unsigned optLevel) {
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext ctx;
  auto llvmModule = translate(module, ctx, **tm, optLevel, signatures);
  if (!llvmModule)
    return llvmModule.takeError();
  (*llvmModule)->print(os, nullptr);
  return llvm::Error::success();
}

namespace {

/// ExecutionEngine's packed-argument wrapper `_arrayc_packed_<name>` of user
/// function `name` (symbol `fn`), for the exported functions only.
void addPackedEntry(llvm::Module &m, llvm::Function &fn, llvm::StringRef name) {
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> b(ctx);
  llvm::Type *ptr = b.getPtrTy();
  auto *type = llvm::FunctionType::get(b.getVoidTy(), {ptr}, false);
  auto *wrapper = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                         "_arrayc_packed_" + name, m);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", wrapper));
  llvm::Value *list = wrapper->arg_begin();
  llvm::SmallVector<llvm::Value *, 16> args;
  for (auto [i, arg] : llvm::enumerate(fn.args())) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptr, list, i);
    args.push_back(b.CreateLoad(arg.getType(), b.CreateLoad(ptr, slot)));
  }
  llvm::Value *result = b.CreateCall(&fn, args);
  if (!result->getType()->isVoidTy()) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptr, list, fn.arg_size());
    b.CreateStore(result, b.CreateLoad(ptr, slot));
  }
  b.CreateRetVoid();
}

/// Replaces `llvm.global_ctors`/`llvm.global_dtors` by a function `name`
/// calling them in priority order (destructors: reverse order).
void lowerStructors(llvm::Module &m, llvm::StringRef global, llvm::StringRef name,
                    bool reverse) {
  llvm::LLVMContext &ctx = m.getContext();
  llvm::IRBuilder<> b(ctx);
  auto *fn = llvm::Function::Create(llvm::FunctionType::get(b.getVoidTy(), false),
                                    llvm::GlobalValue::ExternalLinkage, name, m);
  b.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", fn));
  if (llvm::GlobalVariable *gv = m.getGlobalVariable(global)) {
    std::vector<std::pair<uint64_t, llvm::Function *>> entries;
    if (auto *list = llvm::dyn_cast_or_null<llvm::ConstantArray>(gv->getInitializer()))
      for (llvm::Value *op : list->operands())
        if (auto *entry = llvm::dyn_cast<llvm::ConstantStruct>(op))
          if (auto *target = llvm::dyn_cast<llvm::Function>(entry->getOperand(1)))
            entries.emplace_back(
                llvm::cast<llvm::ConstantInt>(entry->getOperand(0))->getZExtValue(), target);
    std::stable_sort(entries.begin(), entries.end(),
                     [](auto &a, auto &b) { return a.first < b.first; });
    if (reverse)
      std::reverse(entries.begin(), entries.end());
    gv->eraseFromParent();
    for (auto &entry : entries)
      b.CreateCall(entry.second);
  }
  b.CreateRetVoid();
}

} // namespace

llvm::Expected<std::string>
arrayc::jit::compileToObject(ModuleOp module, const std::vector<FunctionSignature> &signatures,
                             unsigned optLevel) {
  auto tm = hostTargetMachine(optLevel);
  if (!tm)
    return tm.takeError();
  llvm::LLVMContext ctx;
  auto translated = translateHost(module, ctx, signatures);
  if (!translated)
    return translated.takeError();
  std::unique_ptr<llvm::Module> llvmModule = std::move(*translated);
  llvmModule->setDataLayout((*tm)->createDataLayout());
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  for (const FunctionSignature &sig : signatures) {
    llvm::Function *fn = llvmModule->getFunction(arrayc::userFunctionSymbol(sig.name));
    if (!fn || fn->isDeclaration())
      return llvm::createStringError("internal error: exported function '%s' is missing",
                                     sig.name.c_str());
    addPackedEntry(*llvmModule, *fn, sig.name);
  }
  lowerStructors(*llvmModule, "llvm.global_ctors", "_arrayc_init", false);
  lowerStructors(*llvmModule, "llvm.global_dtors", "_arrayc_fini", true);
  if (auto err = optimizeHostModule(*llvmModule, **tm, optLevel))
    return std::move(err);
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if ((*tm)->addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError("the host target cannot emit object files");
  pm.run(*llvmModule);
  return std::string(buffer.begin(), buffer.end());
}

llvm::Error arrayc::jit::loadSharedLibraries(const std::vector<std::string> &libs) {
  static std::mutex mutex;
  static std::set<std::string> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  for (const std::string &lib : libs) {
    if (loaded.count(lib))
      continue;
    std::string error;
    if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(lib.c_str(), &error))
      return llvm::createStringError("cannot load %s: %s", lib.c_str(), error.c_str());
    loaded.insert(lib);
  }
  return llvm::Error::success();
}

struct arrayc::jit::LoadedObject::Impl {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  void (*fini)() = nullptr;
};

arrayc::jit::LoadedObject::LoadedObject(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}

arrayc::jit::LoadedObject::~LoadedObject() {
  if (impl && impl->fini)
    impl->fini();
}

llvm::Expected<std::unique_ptr<arrayc::jit::LoadedObject>>
arrayc::jit::LoadedObject::load(llvm::StringRef object,
                                const std::vector<std::string> &sharedLibs) {
  initializeNativeTarget();
  if (auto err = loadSharedLibraries(sharedLibs))
    return std::move(err);
  auto jit = llvm::orc::LLJITBuilder().setNumCompileThreads(0).create();
  if (!jit)
    return jit.takeError();
  auto impl = std::make_unique<Impl>();
  impl->jit = std::move(*jit);
  if (auto err = impl->jit->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(object, "arrayc-module")))
    return std::move(err);
  auto init = impl->jit->lookup("_arrayc_init");
  if (!init)
    return init.takeError();
  auto fini = impl->jit->lookup("_arrayc_fini");
  if (!fini)
    return fini.takeError();
  init->toPtr<void (*)()>()();
  impl->fini = fini->toPtr<void (*)()>();
  return std::unique_ptr<LoadedObject>(new LoadedObject(std::move(impl)));
}

void *arrayc::jit::LoadedObject::lookup(llvm::StringRef name) {
  auto addr = impl->jit->lookup(name);
  if (!addr) {
    llvm::consumeError(addr.takeError());
    return nullptr;
  }
  return addr->toPtr<void *>();
}
