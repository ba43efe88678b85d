//===- InitAll.h - register everything arrayc's tools need -----*- C++ -*-===//
#ifndef ARRAYC_PIPELINES_INITALL_H
#define ARRAYC_PIPELINES_INITALL_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace arrayc {
/// Every upstream dialect and extension, plus ndarray.
void registerAllDialects(mlir::DialectRegistry &registry);
/// Every upstream pass, plus arrayc's passes and pipelines.
void registerAllPasses();
/// LLVM IR translations (needed before gpu-module-to-binary and export).
void registerAllTranslations(mlir::DialectRegistry &registry);
} // namespace arrayc

#endif // ARRAYC_PIPELINES_INITALL_H
