//===- OptFuzzer.cpp - libFuzzer target: ndarray IR through the cpu pipeline
//
// Any bytes are an `arrayc-opt` input: MLIR text with arrayc's dialects
// registered. What parses and verifies, and holds only ndarray, func, arith
// and builtin operations, goes through the whole cpu pipeline
// (arrayc-cpu-pipeline: ndarray -> linalg -> bufferization -> loops -> LLVM
// dialect). None of it may crash, assert or hang; errors are fine. (Other
// dialects' ops are left out: their passes are upstream MLIR's.)
//
//===----------------------------------------------------------------------===//
#include "Pipelines/InitAll.h"
#include "Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry;
    arrayc::registerAllDialects(*r);
    return r;
  }();
  mlir::MLIRContext context(*registry, mlir::MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) { return mlir::success(); });
  // A null-terminated copy: MLIR's lexer reads up to the terminator.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.mlir"),
      llvm::SMLoc());
  mlir::ParserConfig config(&context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  if (!module)
    return 0;
  bool ours = true;
  module->walk([&](mlir::Operation *op) {
    llvm::StringRef ns = op->getName().getDialectNamespace();
    if (ns != "ndarray" && ns != "func" && ns != "arith" && ns != "builtin")
      ours = false;
  });
  if (!ours)
    return 0;
  mlir::PassManager pm(&context);
  arrayc::PipelineOptions options;
  arrayc::buildCPUPipeline(pm, options);
  (void)pm.run(*module);
  return 0;
}
