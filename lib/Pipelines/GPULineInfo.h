// Line tables for the CUDA kernels (GPULineInfo.cpp): a DISubprogram for each
// llvm.func of a gpu.module, so NVPTX emits .loc/.file for its ops' locations.
#ifndef ARRAYC_PIPELINES_GPULINEINFO_H
#define ARRAYC_PIPELINES_GPULINEINFO_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace arrayc {
std::unique_ptr<mlir::Pass> createGPULineInfo();
} // namespace arrayc

#endif // ARRAYC_PIPELINES_GPULINEINFO_H
