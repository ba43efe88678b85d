//===- arrayc-opt.cpp - mlir-opt with every arrayc dialect and pass -------===//
#include "Pipelines/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  arrayc::registerAllDialects(registry);
  arrayc::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "arrayc optimizer driver\n", registry));
}
