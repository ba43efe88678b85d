// Loading the CUDA math libraries and the cuBLAS handle of each device
// (cuda_libs.h).
#include "cuda_libs.h"
#include "internal.h"

#include <mutex>
#include <string>

namespace arrayc_rt::cuda {

void *openLibrary(const char *what, std::initializer_list<const char *> sonames,
                  std::string &error) {
  // The loader's path first, then the toolkit found at configure time and
  // the usual toolkit location (not always on the loader's path).
  const char *dirs[] = {"",
#ifdef ARRAYC_RT_CUDA_LIB_DIR
                        ARRAYC_RT_CUDA_LIB_DIR "/",
#endif
                        "/usr/local/cuda/lib64/"};
  for (const char *dir : dirs)
    for (const char *soname : sonames)
      if (void *lib = dlopen((std::string(dir) + soname).c_str(), RTLD_NOW | RTLD_LOCAL))
        return lib;
  error = std::string(what) + " (" + *sonames.begin() +
          ") not found; set LD_LIBRARY_PATH to CUDA's lib64";
  return nullptr;
}

arrayc_rt_status check(CUresult r, const char *call) {
  if (r == CUDA_SUCCESS)
    return ARRAYC_RT_OK;
  const char *text = nullptr;
  cuGetErrorString(r, &text);
  return setError(ARRAYC_RT_ERR_DEVICE, "%s failed: %s", call, text ? text : "unknown error");
}
arrayc_rt_status check(cublasStatus_t st, const char *call) {
  return libraryStatus(st == CUBLAS_STATUS_SUCCESS, call, "cuBLAS", (int)st);
}
arrayc_rt_status libraryStatus(bool ok, const char *call, const char *library, int status) {
  if (ok)
    return ARRAYC_RT_OK;
  return setError(ARRAYC_RT_ERR_DEVICE, "%s failed (%s status %d)", call, library, status);
}
void recordLoadError(const std::string &error) {
  setError(ARRAYC_RT_ERR_DEVICE, "%s", error.c_str());
}

void *openWithCublas(const char *what, std::initializer_list<const char *> sonames,
                     std::string &error, const Cublas **blas) {
  if (!(*blas = cublas())) {
    error = arrayc_rt_last_error();
    return nullptr;
  }
  return openLibrary(what, sonames, error);
}

const Cublas *cublas() {
  static Cublas api;
  static std::string error;
  static std::once_flag once;
  std::call_once(once, [] {
    void *lib = openLibrary("cuBLAS", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
                            error);
    if (lib)
      api.lib = lib;
  });
  return loaded(api, error);
}

namespace {
struct CublasHandle {
  cublasHandle_t handle = nullptr;
};
} // namespace

cublasHandle_t cublasOnStream() {
  static decltype(&cublasCreate_v2) create = nullptr;
  static decltype(&cublasSetStream_v2) setStream = nullptr;
  static std::string error;
  static std::once_flag once;
  const Cublas *api = cublas();
  if (!api)
    return nullptr;
  std::call_once(once, [api] {
    symbol(api->lib, create, "cublasCreate_v2", error);
    symbol(api->lib, setStream, "cublasSetStream_v2", error);
  });
  if (!error.empty()) {
    recordLoadError("cuBLAS: " + error);
    return nullptr;
  }
  // One handle per device: a handle belongs to the context it was made in.
  static PerDevice<CublasHandle> handles;
  CublasHandle *h = handles.get([](CublasHandle &made) {
    if (cublasStatus_t st = create(&made.handle); st != CUBLAS_STATUS_SUCCESS) {
      setError(ARRAYC_RT_ERR_DEVICE, "cublasCreate failed (status %d)", (int)st);
      return false;
    }
    return true;
  });
  if (!h)
    return nullptr;
  if (cublasStatus_t st = setStream(h->handle, reinterpret_cast<cudaStream_t>(stream()));
      st != CUBLAS_STATUS_SUCCESS) {
    setError(ARRAYC_RT_ERR_DEVICE, "cublasSetStream failed (status %d)", (int)st);
    return nullptr;
  }
  return h->handle;
}

} // namespace arrayc_rt::cuda
