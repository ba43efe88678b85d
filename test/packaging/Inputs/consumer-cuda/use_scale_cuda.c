/* Calls the function arrayc_add_library(scale_cuda SOURCES scale.arr TARGET cuda)
 * compiled: device arrays from the CUDA driver API in, a device result from
 * arrayc's pool out (docs/embedding.md, `--shared`). */
#include "scale_cuda.h"

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
  double x[4] = {1, 2, 3, 4}, a = 3, out[4];
  CUdeviceptr dx, da;
  CK(cuMemAlloc(&dx, sizeof x));
  CK(cuMemAlloc(&da, sizeof a));
  CK(cuMemcpyHtoD(dx, x, sizeof x));
  CK(cuMemcpyHtoD(da, &a, sizeof a));
  arrayc_memref_f64_1d xd = {(double *)dx, (double *)dx, 0, {4}, {1}};
  arrayc_memref_f64_0d ad = {(double *)da, (double *)da, 0};
  arrayc_memref_f64_1d r;
  _mlir_ciface_scale(&r, &xd, &ad);
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(out, (CUdeviceptr)(r.aligned + r.offset), sizeof out));
  printf("scale on the GPU: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  mgpuMemFree(r.allocated, NULL);
  cuMemFree(dx);
  cuMemFree(da);
  return 0;
}
