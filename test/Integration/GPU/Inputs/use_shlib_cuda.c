/* A C program using a library built by `arrayc --target=cuda --shared`,
 * through its generated header: device arrays from the CUDA driver API in,
 * a device result from arrayc's pool out. Prints what it got. */
#include "libshlib_cuda.h"

#include <cuda.h>
#include <stdio.h>

#define CK(x)                                                            \
  do {                                                                   \
    if ((x) != CUDA_SUCCESS) {                                           \
      fprintf(stderr, "%s failed\n", #x);                                \
      return 1;                                                          \
    }                                                                    \
  } while (0)

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CK(cuInit(0));
  CK(cuDeviceGet(&dev, 0));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev)); /* the context arrayc's runtime uses */
  CK(cuCtxSetCurrent(ctx));
  float x[4] = {1, 2, 3, 4}, s = 0.5f, out[4];
  CUdeviceptr dx, ds;
  CK(cuMemAlloc(&dx, sizeof x));
  CK(cuMemAlloc(&ds, sizeof s));
  CK(cuMemcpyHtoD(dx, x, sizeof x));
  CK(cuMemcpyHtoD(ds, &s, sizeof s));
  arrayc_memref_f32_1d xd = {(float *)dx, (float *)dx, 0, {4}, {1}};
  arrayc_memref_f32_0d sd = {(float *)ds, (float *)ds, 0};
  arrayc_memref_f32_1d r;
  _mlir_ciface_scale(&r, &xd, &sd);
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(out, (CUdeviceptr)(r.aligned + r.offset), sizeof out));
  printf("scale on the GPU: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  mgpuMemFree(r.allocated, NULL);
  cuMemFree(dx);
  cuMemFree(ds);
  return out[3] == 2.0f ? 0 : 1;
}
