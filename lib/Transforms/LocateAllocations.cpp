//===- LocateAllocations.cpp - allocations that name their source line ----===//
//
// Each heap or device allocation call of the lowered code gets the
// `file:line:col` of the array it allocates, so that running out of memory
// is reported where it happened (see Passes.td).
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"

#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace arrayc {
#define GEN_PASS_DEF_LOCATEALLOCATIONS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
/// The allocation functions of the lowering and their located variants
/// (runtime.h), which take the location string as one more, last, argument.
constexpr std::pair<llvm::StringLiteral, llvm::StringLiteral> kLocated[] = {
    {"_mlir_memref_to_llvm_alloc", "arrayc_rt_host_alloc_at"},
    {"_mlir_memref_to_llvm_aligned_alloc", "arrayc_rt_host_aligned_alloc_at"},
    {"mgpuMemAlloc", "arrayc_rt_device_alloc_at"},
};

/// `file:line:col` of the first source position `loc` holds, or "".
std::string sourcePosition(Location loc) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto fl = dyn_cast<FileLineColLoc>(l)) {
      text = (fl.getFilename().getValue() + ":" + Twine(fl.getLine()) + ":" +
              Twine(fl.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text;
}

struct LocateAllocationsPass
    : arrayc::impl::LocateAllocationsBase<LocateAllocationsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    llvm::StringMap<LLVM::GlobalOp> strings;
    unsigned stringCount = 0;
    // One private constant per distinct position, named by its order.
    auto positionGlobal = [&](StringRef text) {
      LLVM::GlobalOp &global = strings[text];
      if (!global) {
        OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
        std::string bytes = text.str();
        bytes.push_back('\0');
        auto type = LLVM::LLVMArrayType::get(IntegerType::get(&getContext(), 8),
                                             bytes.size());
        global = LLVM::GlobalOp::create(
            mb, module.getLoc(), type, /*isConstant=*/true, LLVM::Linkage::Private,
            ("__arrayc_alloc_site_" + Twine(stringCount++)).str(),
            mb.getStringAttr(bytes));
        symbols.insert(global);
      }
      return global;
    };
    // Each allocation call with a source position, and its located variant.
    SmallVector<std::tuple<LLVM::CallOp, StringRef, std::string>> calls;
    module.walk([&](LLVM::CallOp call) {
      auto callee = call.getCallee();
      if (!callee)
        return;
      for (auto [plain, located] : kLocated)
        if (*callee == plain)
          if (std::string where = sourcePosition(call.getLoc()); !where.empty())
            calls.emplace_back(call, located, std::move(where));
    });
    for (auto &[call, located, where] : calls) {
      OpBuilder b(call);
      auto ptrType = LLVM::LLVMPointerType::get(&getContext());
      SmallVector<Type> params(call.getArgOperands().getTypes());
      params.push_back(ptrType);
      FailureOr<LLVM::LLVMFuncOp> fn = LLVM::lookupOrCreateFn(
          b, module, located, params, call.getResultTypes().front());
      if (failed(fn)) {
        call.emitError() << "cannot declare " << located;
        return signalPassFailure();
      }
      LLVM::GlobalOp global = positionGlobal(where);
      Value text = LLVM::AddressOfOp::create(b, call.getLoc(), global);
      SmallVector<Value> args(call.getArgOperands());
      args.push_back(text);
      auto replacement = LLVM::CallOp::create(b, call.getLoc(), *fn, args);
      call.replaceAllUsesWith(replacement);
      call.erase();
    }
  }
};
} // namespace
