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

void *cublasLibrary(std::string &error) {
  const Cublas *blas = cublas();
  if (!blas) {
    error = arrayc_rt_last_error();
    return nullptr;
  }
  return blas->lib;
}

void *openWithCublas(const char *what, std::initializer_list<const char *> sonames,
                     std::string &error, const Cublas **blas) {
  if (!cublasLibrary(error))
    return nullptr;
  *blas = cublas();
  return openLibrary(what, sonames, error);
}

bool succeeded(bool ok, const char *call, int status) {
  if (!ok)
    setError(ARRAYC_RT_ERR_DEVICE, "%s failed (status %d)", call, status);
  return ok;
}

void fail(const char *name, const std::string &msg) {
  std::string text = std::string(name) + ": " + msg;
  arrayc_rt_fatal("", text.c_str());
}

const Cublas *cublas() {
  static EntryPoints<Cublas> entries;
  return entries.get([](Cublas &api, std::string &error) {
    api.lib = openLibrary("cuBLAS", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
                          error);
  });
}

namespace {
// What the per-device handle needs of cuBLAS.
struct HandleApi {
  decltype(&cublasCreate_v2) create = nullptr;
  decltype(&cublasSetStream_v2) setStream = nullptr;
};
struct CublasHandle {
  cublasHandle_t handle = nullptr;
};
} // namespace

cublasHandle_t cublasOnStream() {
  static EntryPoints<HandleApi> entries;
  const HandleApi *api = entries.get([](HandleApi &api, std::string &error) {
    void *blas = cublasLibrary(error);
    if (!blas)
      return;
    std::string missing;
    symbol(blas, api.create, "cublasCreate_v2", missing);
    symbol(blas, api.setStream, "cublasSetStream_v2", missing);
    if (!missing.empty())
      error = "cuBLAS: " + missing;
  });
  if (!api)
    return nullptr;
  // One handle per device: a handle belongs to the context it was made in.
  static PerDevice<CublasHandle> handles;
  CublasHandle *h = handles.get([api](CublasHandle &made) {
    cublasStatus_t st = api->create(&made.handle);
    return succeeded(st == CUBLAS_STATUS_SUCCESS, "cublasCreate", (int)st);
  });
  if (!h)
    return nullptr;
  cublasStatus_t st = api->setStream(h->handle, reinterpret_cast<cudaStream_t>(stream()));
  if (!succeeded(st == CUBLAS_STATUS_SUCCESS, "cublasSetStream", (int)st))
    return nullptr;
  return h->handle;
}

} // namespace arrayc_rt::cuda
