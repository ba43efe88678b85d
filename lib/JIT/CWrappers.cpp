//===- CWrappers.cpp - the C ABI of exported functions --------------------===//
#include "JIT/CWrappers.h"
#include "Transforms/Symbols.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace {

/// "f;x:n,3;y:n;s:": the function, then each parameter and its dimensions
/// (arrayc_rt_check_arguments's format).
std::string signatureSpec(const arrayc::FunctionSignature &sig) {
  std::string spec = sig.name;
  for (const arrayc::ValueSignature &p : sig.params) {
    spec += ";" + p.name + ":";
    for (size_t d = 0; d < p.rank(); ++d)
      spec += (d ? "," : "") + (p.dims[d] < 0 ? p.names[d] : std::to_string(p.dims[d]));
  }
  return spec;
}

/// At the entry of `wrapper` (func-to-llvm's: the result pointer first when
/// there are results, then a descriptor pointer per parameter), the runtime's
/// check of its parameters' descriptors against `sig`.
Error checkDescriptors(Module &m, Function &wrapper, const arrayc::FunctionSignature &sig) {
  size_t first = sig.results.empty() ? 0 : 1;
  if (wrapper.arg_size() != first + sig.params.size())
    return createStringError("internal error: the C wrapper of '%s' takes %zu arguments",
                             sig.name.c_str(), wrapper.arg_size());
  if (sig.params.empty())
    return Error::success();
  IRBuilder<> b(&*wrapper.getEntryBlock().getFirstInsertionPt());
  Type *ptr = b.getPtrTy();
  FunctionCallee check = m.getOrInsertFunction(
      "arrayc_rt_check_arguments", FunctionType::get(b.getVoidTy(), {ptr, ptr}, false));
  auto *arrayType = ArrayType::get(ptr, sig.params.size());
  Value *array = b.CreateAlloca(arrayType);
  for (size_t i = 0; i < sig.params.size(); ++i)
    b.CreateStore(wrapper.getArg(first + i), b.CreateConstGEP2_64(arrayType, array, 0, i));
  Value *spec = b.CreateGlobalString(signatureSpec(sig), "__arrayc_signature");
  b.CreateCall(check, {spec, array});
  return Error::success();
}

} // namespace

Error arrayc::jit::finishCWrappers(Module &m,
                                   const std::vector<FunctionSignature> &signatures) {
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
    auto sig = llvm::find_if(signatures, [&](const FunctionSignature &f) { return f.name == user; });
    if (sig == signatures.end())
      return createStringError("internal error: no signature for '%s'", user.c_str());
    if (auto err = checkDescriptors(m, *fn, *sig))
      return err;
  }
  return Error::success();
}
