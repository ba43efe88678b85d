//===- MangleFunctionNames.cpp - user functions' own symbols --------------===//
#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/IR/AttrTypeSubElements.h"

namespace arrayc {
#define GEN_PASS_DEF_MANGLEFUNCTIONNAMES
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
struct MangleFunctionNamesPass
    : arrayc::impl::MangleFunctionNamesBase<MangleFunctionNamesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // Every function defined here but main; `arrayc_fn_f` (a user's name
    // too) moves to `arrayc_fn_arrayc_fn_f` as `f` takes its place, so the
    // new names are distinct. One walk renames all uses.
    llvm::DenseMap<StringAttr, StringAttr> renamed;
    for (auto fn : module.getOps<func::FuncOp>())
      if (!fn.isExternal() && fn.getSymName() != arrayc::kMainSymbol)
        renamed[fn.getSymNameAttr()] =
            StringAttr::get(ctx, arrayc::userFunctionSymbol(fn.getSymName()));
    llvm::DenseSet<StringAttr> taken;
    for (auto &entry : renamed)
      taken.insert(entry.second);
    for (auto fn : module.getOps<func::FuncOp>())
      if (!renamed.count(fn.getSymNameAttr()) && taken.count(fn.getSymNameAttr())) {
        fn.emitError() << "internal error: symbol '" << fn.getSymName() << "' already exists";
        return signalPassFailure();
      }
    AttrTypeReplacer replacer;
    replacer.addReplacement([&](SymbolRefAttr ref) -> std::optional<Attribute> {
      auto it = renamed.find(ref.getRootReference());
      if (it == renamed.end())
        return std::nullopt;
      return SymbolRefAttr::get(it->second, ref.getNestedReferences());
    });
    module->walk([&](Operation *op) {
      replacer.replaceElementsIn(op);
      if (auto fn = dyn_cast<func::FuncOp>(op); fn && renamed.count(fn.getSymNameAttr()))
        fn.setSymNameAttr(renamed[fn.getSymNameAttr()]);
    });
  }
};
} // namespace
