//===- CWrappers.cpp - the C ABI of exported functions --------------------===//
#include "JIT/CWrappers.h"
#include "Transforms/Symbols.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace {

/// The rank of MLIR's memref descriptor type `type` ({ptr, ptr, i64} or
/// {ptr, ptr, i64, [r x i64], [r x i64]}), or -1.
int64_t descriptorRank(Type *type) {
  auto *s = dyn_cast<StructType>(type);
  if (!s || (s->getNumElements() != 3 && s->getNumElements() != 5))
    return -1;
  if (s->getNumElements() == 3)
    return 0;
  auto *sizes = dyn_cast<ArrayType>(s->getElementType(3));
  return sizes ? static_cast<int64_t>(sizes->getNumElements()) : -1;
}

/// Calls the runtime's check on each descriptor `wrapper` loads from one of
/// its arguments, at its entry. `name`: the user's function name.
void checkDescriptors(Module &m, Function &wrapper, StringRef name) {
  LLVMContext &ctx = m.getContext();
  IRBuilder<> b(ctx);
  Type *ptr = b.getPtrTy(), *i64 = b.getInt64Ty();
  FunctionCallee check = m.getOrInsertFunction(
      "arrayc_rt_check_c_order", FunctionType::get(b.getVoidTy(), {ptr, i64, i64, ptr}, false));
  SmallVector<std::pair<Argument *, int64_t>> descriptors;
  for (Instruction &inst : wrapper.getEntryBlock())
    if (auto *load = dyn_cast<LoadInst>(&inst))
      if (auto *arg = dyn_cast<Argument>(load->getPointerOperand()))
        if (int64_t rank = descriptorRank(load->getType()); rank >= 0)
          descriptors.emplace_back(arg, rank);
  if (descriptors.empty())
    return;
  b.SetInsertPoint(&*wrapper.getEntryBlock().getFirstInsertionPt());
  Value *fnName = b.CreateGlobalString(name, "__arrayc_cabi_name");
  for (auto [arg, rank] : descriptors)
    b.CreateCall(check, {fnName, b.getInt64(arg->getArgNo()), b.getInt64(rank), arg});
}

} // namespace

Error arrayc::jit::finishCWrappers(Module &m) {
  std::string prefix = (kCInterfacePrefix + kUserFunctionPrefix).str();
  SmallVector<Function *> wrappers;
  for (Function &fn : m)
    if (!fn.isDeclaration() && fn.getName().starts_with(prefix))
      wrappers.push_back(&fn);
  for (Function *fn : wrappers) {
    std::string user = fn->getName().drop_front(prefix.size()).str();
    std::string name = (kCInterfacePrefix + user).str();
    if (m.getNamedValue(name))
      return createStringError("internal error: symbol '%s' already exists", name.c_str());
    fn->setName(name);
    checkDescriptors(m, *fn, user);
  }
  return Error::success();
}
