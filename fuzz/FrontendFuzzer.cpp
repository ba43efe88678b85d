//===- FrontendFuzzer.cpp - libFuzzer target: .arr source -> ndarray -> linalg
//
// Any bytes are a source file: the frontend must answer with a module or
// located errors -- never a crash, an assertion or a hang -- and a module it
// accepts must go through the ndarray -> linalg pipeline (fusion included)
// without one either.
//
//===----------------------------------------------------------------------===//
#include "FuzzCommon.h"

#include "Frontend/Frontend.h"
#include "Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  arrayc::fuzz::QuietContext q;
  llvm::SourceMgr sourceMgr;
  arrayc::fuzz::addInput(sourceMgr, data, size, "fuzz.arr");
  mlir::OwningOpRef<mlir::ModuleOp> module = arrayc::frontend::importArr(sourceMgr, q.context);
  if (!module)
    return 0;
  mlir::PassManager pm(&q.context);
  arrayc::buildLinalgPipeline(pm, arrayc::PipelineOptions());
  (void)pm.run(*module);
  return 0;
}
