//===- Pipelines.h - arrayc's pass pipelines --------------------*- C++ -*-===//
//
// Every compile of `arrayc` (and the JIT, and the C API) runs these
// functions; `arrayc-opt --arrayc-cpu-pipeline` etc. replays the same thing.
//
//   ndarray --linalg--> linalg on tensors, fused --bufferize--> memrefs
//     cpu:  --cpu-lowering--> GEMM calls + loops --> llvm dialect
//     cuda: --gpu-kernels--> gpu.launch, outlined --cuda-lowering--> nvvm,
//           gpu.binary (PTX or cubin) + host llvm dialect calling mgpu*
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_PIPELINES_PIPELINES_H
#define ARRAYC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace arrayc {

struct PipelineOptions : mlir::PassPipelineOptions<PipelineOptions> {
  Option<bool> fusion{*this, "fusion", llvm::cl::desc("Fuse elementwise producers into consumers"),
                      llvm::cl::init(true)};
  Option<bool> recompute{
      *this, "recompute",
      llvm::cl::desc("Fuse cheap multi-use elementwise producers into each consumer "
                     "(recomputing them); arrayc turns it on for the cuda target"),
      llvm::cl::init(false)};
  Option<bool> dealloc{
      *this, "dealloc",
      llvm::cl::desc("Free buffers after their last use (ownership-based deallocation)"),
      llvm::cl::init(true)};
  Option<bool> blas{*this, "blas",
                    llvm::cl::desc("Call OpenBLAS (CPU) or cuBLAS (cuda) GEMM for matrix products"),
                    llvm::cl::init(true)};
  Option<bool> tf32{*this, "tf32",
                    llvm::cl::desc("cuda: f32 matrix products on the TF32 tensor cores "
                                   "(10-bit mantissa inputs, f32 accumulation)"),
                    llvm::cl::init(false)};
  Option<std::string> precision{
      *this, "precision",
      llvm::cl::desc("Mixed precision (arrayc-mixed-precision): f16 or bf16 contraction "
                     "operands and stored f32 intermediates; empty: off"),
      llvm::cl::init("")};
  Option<bool> graphs{*this, "graphs",
                      llvm::cl::desc("cuda: exported functions replay a recurring sequence of "
                                     "kernels as one CUDA graph (arrayc-cuda-graph-calls)"),
                      llvm::cl::init(true)};
  Option<bool> gpuLibraries{
      *this, "gpu-libraries",
      llvm::cl::desc("numpy.linalg and numpy.fft through cuSOLVER and cuFFT (arrayc sets it "
                     "for the cuda target)"),
      llvm::cl::init(false)};
  Option<bool> threads{*this, "threads",
                       llvm::cl::desc("cpu: large parallel loops on OpenMP threads "
                                      "(arrayc-cpu-threads)"),
                       llvm::cl::init(true)};
  Option<std::string> gpuArch{*this, "gpu-arch", llvm::cl::desc("CUDA target chip"),
                              llvm::cl::init("sm_90")};
  Option<std::string> gpuFeatures{*this, "gpu-features", llvm::cl::desc("PTX features"),
                                  llvm::cl::init("+ptx80")};
  Option<std::string> gpuFormat{
      *this, "gpu-format",
      llvm::cl::desc("Kernel binary: isa (PTX, JIT-compiled by the driver), bin "
                     "(cubin) or fatbin (cubin + PTX); bin/fatbin need ptxas"),
      llvm::cl::init("isa")};
  Option<std::string> cudaToolkit{*this, "cuda-toolkit",
                                  llvm::cl::desc("CUDA toolkit root (ptxas, libdevice)"),
                                  llvm::cl::init("")};
  // Sharded functions (docs/distributed.md): empty mesh, nothing changes.
  Option<std::string> mesh{*this, "mesh",
                           llvm::cl::desc("Processes along each mesh axis: 4, 2x2; with shard"),
                           llvm::cl::init("")};
  ListOption<std::string> shard{
      *this, "shard",
      llvm::cl::desc("FUNC:ARG=DIM: argument ARG of FUNC split along its dimension DIM "
                     "over the mesh (arrayc-shard-functions)")};
  Option<bool> shardVerbose{*this, "shard-verbose",
                            llvm::cl::desc("Say what is split or replicated, and why"),
                            llvm::cl::init(false)};
};

/// ndarray -> linalg on tensors (+ runtime calls for host ops), fused.
void buildLinalgPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);
/// Tensors -> buffers (one-shot, across function boundaries).
void buildBufferizePipeline(mlir::OpPassManager &pm, const PipelineOptions &options);
/// Buffer-level linalg -> OpenBLAS GEMM calls and loops -> LLVM dialect, for
/// the host CPU.
void buildCPULoweringPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);
/// Buffer-level linalg -> gpu.launch kernels in device memory, outlined.
void buildGPUKernelPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);
/// Outlined kernels -> NVVM -> gpu.binary; host code -> LLVM dialect.
void buildCUDALoweringPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);

/// Whole pipelines: ndarray to the LLVM dialect.
void buildCPUPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);
void buildCUDAPipeline(mlir::OpPassManager &pm, const PipelineOptions &options);

/// Registers the pipelines above by name (`arrayc-cpu-pipeline`, ...).
void registerPipelines();

/// The CUDA toolkit root found at build time ("" without CUDA).
llvm::StringRef defaultCudaToolkit();

} // namespace arrayc

#endif // ARRAYC_PIPELINES_PIPELINES_H
