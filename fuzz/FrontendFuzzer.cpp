//===- FrontendFuzzer.cpp - libFuzzer target: .arr source -> ndarray -> linalg
//
// Any bytes are a source file: the frontend must answer with a module or
// located errors -- never a crash, an assertion or a hang -- and a module it
// accepts must go through the ndarray -> linalg pipeline (fusion included)
// without one either.
//
//===----------------------------------------------------------------------===//
#include "Frontend/Frontend.h"
#include "Pipelines/InitAll.h"
#include "Pipelines/Pipelines.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    arrayc::registerAllDialects(*r);
    return r;
  }();
  mlir::MLIRContext context(*registry, mlir::MLIRContext::Threading::DISABLED);
  // Diagnostics are expected: swallow them.
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.arr"),
      llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module = arrayc::frontend::importArr(sourceMgr, context);
  if (!module)
    return 0;
  mlir::PassManager pm(&context);
  arrayc::PipelineOptions options;
  arrayc::buildLinalgPipeline(pm, options);
  (void)pm.run(*module);
  return 0;
}
