//===- ExportCInterface.cpp - C wrappers for exported functions -----------===//
#include "Transforms/Passes.h"
#include "Transforms/Symbols.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace arrayc {
#define GEN_PASS_DEF_EXPORTCINTERFACE
#include "Transforms/Passes.h.inc"
} // namespace arrayc

using namespace mlir;

namespace {
struct ExportCInterfacePass : arrayc::impl::ExportCInterfaceBase<ExportCInterfacePass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (arrayc::isExportedFunction(func))
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
