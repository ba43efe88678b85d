// The kernels of a program in a few gpu.modules (GPUMergeModules.cpp).
#ifndef ARRAYC_PIPELINES_GPUMERGEMODULES_H
#define ARRAYC_PIPELINES_GPUMERGEMODULES_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace arrayc {
/// `modules`: how many gpu.modules to make (0: one per thread of the
/// context, 1 without threads).
std::unique_ptr<mlir::Pass> createGPUMergeModules(unsigned modules = 0);
void registerGPUMergeModules(); ///< arrayc-gpu-merge-modules, for arrayc-opt
} // namespace arrayc

#endif // ARRAYC_PIPELINES_GPUMERGEMODULES_H
