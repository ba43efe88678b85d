// cuBLASLt (cublaslt.cpp): the library, loaded with dlopen on the first
// product with an epilogue, and a handle per device (made in cublasLt(), in
// the device's context, on its first such product).
#ifndef ARRAYC_RT_CUBLASLT_H
#define ARRAYC_RT_CUBLASLT_H

#include <cublasLt.h>

namespace arrayc_rt::cuda {

struct CublasLt {
  void *lib = nullptr;
  cublasLtHandle_t handle = nullptr;
};
// The library and the current device's handle; null with the reason in
// arrayc_rt_last_error() when cuBLASLt cannot be loaded or the handle not
// created.
const CublasLt *cublasLt();

} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_CUBLASLT_H
