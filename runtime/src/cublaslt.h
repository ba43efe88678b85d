// The process's cuBLASLt (cublaslt.cpp): the library, loaded with dlopen on
// the first product with an epilogue, and one handle. Created in cublasLt()
// only, so that the handle can become one per device in one place.
#ifndef ARRAYC_RT_CUBLASLT_H
#define ARRAYC_RT_CUBLASLT_H

#include <cublasLt.h>

namespace arrayc_rt::cuda {

struct CublasLt {
  void *lib = nullptr;
  cublasLtHandle_t handle = nullptr;
};
// Null with the reason in arrayc_rt_last_error() when cuBLASLt cannot be
// loaded or its handle not created.
const CublasLt *cublasLt();

} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_CUBLASLT_H
