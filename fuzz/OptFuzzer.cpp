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
#include "FuzzCommon.h"

#include "Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  arrayc::fuzz::QuietContext q;
  q.context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  arrayc::fuzz::addInput(sourceMgr, data, size, "fuzz.mlir");
  mlir::ParserConfig config(&q.context);
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
  mlir::PassManager pm(&q.context);
  arrayc::buildCPUPipeline(pm, arrayc::PipelineOptions());
  (void)pm.run(*module);
  return 0;
}
