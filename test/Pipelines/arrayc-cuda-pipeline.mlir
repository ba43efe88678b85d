// REQUIRES: cuda
// RUN: arrayc-opt %s --arrayc-linalg-pipeline --arrayc-bufferize-pipeline --arrayc-gpu-kernel-pipeline | FileCheck %s --check-prefix=GPU
// RUN: arrayc-opt %s --arrayc-cuda-pipeline="gpu-format=isa gpu-arch=sm_90" | FileCheck %s --check-prefix=BIN
// RUN: arrayc-opt %s --arrayc-cuda-pipeline="gpu-format=isa gpu-arch=sm_90" | FileCheck %s --check-prefix=HOST

// Tests the stage boundaries of the cuda pipeline: kernels outlined into a
// gpu.module, launched from host code on device buffers; then a gpu.binary
// holding PTX for sm_90 and host code in the LLVM dialect calling mgpu*
// (gpu.launch_func itself becomes mgpuLaunchKernel at LLVM IR translation).
// GPU-LABEL: func.func @arrayc_fn_sqdiff
// GPU: gpu.alloc async
// GPU: gpu.launch_func @arrayc_fn_sqdiff_kernel::@arrayc_fn_sqdiff_kernel blocks in (%{{.*}}, %c1, %c1) threads in (%c256, %c1, %c1)
// GPU: gpu.module @arrayc_fn_sqdiff_kernel
// GPU: gpu.func @arrayc_fn_sqdiff_kernel({{.*}}) kernel
// GPU: arith.subf
// GPU: arith.mulf

// BIN: gpu.binary @arrayc_fn_sqdiff_kernel
// BIN-SAME: chip = "sm_90"
// BIN-SAME: .target sm_90
// BIN-SAME: ld.global.b32
// HOST: llvm.func @arrayc_fn_sqdiff
// HOST: llvm.call @mgpuStreamCreate
// HOST: gpu.launch_func
func.func @sqdiff(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %d = ndarray.sub %x, %y : tensor<?xf32>
  %r = ndarray.mul %d, %d : tensor<?xf32>
  return %r : tensor<?xf32>
}
