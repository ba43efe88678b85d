// What the CUDA runtime's tests share (cuda_smoke.cpp, cuda_device_test.cpp):
// the mgpu* ABI of libarrayc_runtime_cuda as MLIR's gpu-to-llvm host code
// calls it, and add_one, a PTX kernel (p[i] += 1 for i < n) loaded and
// JIT-compiled by the runtime in each device's context.
#ifndef ARRAYC_RT_TEST_CUDA_TEST_SUPPORT_H
#define ARRAYC_RT_TEST_CUDA_TEST_SUPPORT_H

#include <cuda.h>

#include <cstddef>
#include <cstdint>

extern "C" {
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(CUfunction f, intptr_t gx, intptr_t gy, intptr_t gz, intptr_t bx,
                      intptr_t by, intptr_t bz, int32_t smem, CUstream stream, void **params,
                      void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(CUstream stream);
void mgpuStreamDestroy(CUstream stream);
void *mgpuEventCreate();
void mgpuEventDestroy(CUevent event);
void mgpuEventSynchronize(CUevent event);
void mgpuEventRecord(CUevent event, CUstream stream);
void mgpuStreamWaitEvent(CUstream stream, CUevent event);
void *mgpuMemAlloc(uint64_t sizeBytes, CUstream stream, bool isHostShared);
void mgpuMemFree(void *ptr, CUstream stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, CUstream stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, CUstream stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, CUstream stream);
void mgpuSetDefaultDevice(int32_t device);
}

namespace arrayc_rt_test {

// add_one(p, n): p[i] += 1 for i < n, f32 (PTX for sm_70 and later).
inline const char *const kAddOnePtx = R"(
.version 7.0
.target sm_70
.address_size 64
.visible .entry add_one(.param .u64 p, .param .u32 n) {
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .f32 %f<3>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.f32 %f1, [%rd4];
  add.f32 %f2, %f1, 0f3F800000;
  st.global.f32 [%rd4], %f2;
DONE:
  ret;
}
)";

// The runtime's module of add_one (mgpuModuleLoadJIT, as compiled host code
// loads PTX); unloaded with mgpuModuleUnload.
inline void *loadAddOne() { return mgpuModuleLoadJIT(const_cast<char *>(kAddOnePtx), 2); }

// Launches add_one (`f`, from the module's current device) on the `n`
// floats at `p`, on `stream`, through mgpuLaunchKernel as compiled code does.
inline void launchAddOne(CUfunction f, float *p, unsigned n, CUstream stream) {
  void *params[] = {&p, &n};
  mgpuLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, params, nullptr, 2);
}

} // namespace arrayc_rt_test

#endif // ARRAYC_RT_TEST_CUDA_TEST_SUPPORT_H
