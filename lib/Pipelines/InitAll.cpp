//===- InitAll.cpp - register everything arrayc's tools need --------------===//
#include "Pipelines/InitAll.h"

#include "Conversion/Passes.h"
#include "Pipelines/Pipelines.h"
#include "Transforms/Passes.h"
#include "Transforms/Shard.h"
#include "ndarray/NDArray.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void arrayc::registerAllDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<arrayc::ndarray::NDArrayDialect>();
  registerAllTranslations(registry);
}

void arrayc::registerAllPasses() {
  mlir::registerAllPasses();
  arrayc::registerArraycConversionPasses();
  arrayc::registerArraycTransformsPasses();
  arrayc::registerShardPasses();
  arrayc::registerPipelines();
}

void arrayc::registerAllTranslations(mlir::DialectRegistry &registry) {
  mlir::registerAllToLLVMIRTranslations(registry);
}
