//===- NameConstantGlobals.cpp - deterministic constant globals -----------===//
//
// Renames and orders the private constant globals of one-shot bufferization
// by their first use in the module, so that compiling a program twice gives
// the same output (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

namespace arrayc {
#define GEN_PASS_DEF_NAMECONSTANTGLOBALS
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {

/// One-shot bufferization's constants: private, constant, `__constant_...`.
bool isBufferizationConstant(memref::GlobalOp g) {
  return g.getConstant() && g.isPrivate() && g.getSymName().starts_with("__constant_");
}

/// `2x3xf32` for memref<2x3xf32>, `xf32` for memref<f32> (upstream's style).
std::string typeTag(MemRefType t) {
  std::string tag;
  llvm::raw_string_ostream os(tag);
  for (int64_t d : t.getShape())
    os << d << "x";
  if (t.getRank() == 0)
    os << "x";
  os << t.getElementType();
  return tag;
}

struct NameConstantGlobalsPass
    : arrayc::impl::NameConstantGlobalsBase<NameConstantGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // First use order (a pre-order walk follows the module's text order).
    llvm::MapVector<memref::GlobalOp, int> order;
    module.walk([&](memref::GetGlobalOp get) {
      auto g = symbols.lookup<memref::GlobalOp>(get.getName());
      if (g && isBufferizationConstant(g))
        order.insert({g, static_cast<int>(order.size())});
    });
    for (auto g : module.getOps<memref::GlobalOp>())
      if (isBufferizationConstant(g))
        order.insert({g, static_cast<int>(order.size())});
    // Two steps, so that no new name collides with an old one on the way.
    for (auto &[g, index] : order)
      if (failed(symbols.rename(g, "__arrayc_renaming_" + std::to_string(index))))
        return signalPassFailure();
    llvm::StringMap<int> perType;
    Operation *anchor = nullptr;
    for (auto &[g, index] : order) {
      std::string tag = typeTag(g.getType());
      std::string name = "__constant_" + tag + "_" + std::to_string(perType[tag]++);
      if (symbols.lookup(name) || failed(symbols.rename(g, name)))
        return signalPassFailure();
      if (anchor)
        g->moveAfter(anchor);
      else
        g->moveBefore(&module.getBody()->front());
      anchor = g;
    }
  }
};

} // namespace
