// What the CUDA math-library entry points of libarrayc_runtime_cuda share
// (cublas.cpp, cublaslt.cpp, cusolver.cpp, cufft.cpp): loading a CUDA library
// with dlopen and resolving its entry points once, the handles made per
// device, the located failure of an entry point, memref descriptors holding
// device pointers, the calling thread's device, stream and context, device
// scratch buffers from the pool, and the cuBLAS handle of each device.
#ifndef ARRAYC_RT_CUDA_LIBS_H
#define ARRAYC_RT_CUDA_LIBS_H

#include "arrayc_rt/runtime.h"

#include <cublas_v2.h>
#include <cuda.h>
#include <dlfcn.h>

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <string>
#include <type_traits>

extern "C" ARRAYC_RT_API void *mgpuMemAlloc(uint64_t sizeBytes, CUstream stream,
                                            bool isHostShared);
extern "C" ARRAYC_RT_API void mgpuMemFree(void *ptr, CUstream stream);

namespace arrayc_rt::cuda {

// dlopen's the first of `sonames` found on the loader's path, then in the
// toolkit found at configure time and /usr/local/cuda/lib64. Null when none
// loads; `error` then says which library is missing and how to point at it.
void *openLibrary(const char *what, std::initializer_list<const char *> sonames,
                  std::string &error);

// ARRAYC_RT_OK, or ARRAYC_RT_ERR_DEVICE with a message naming `call` and the
// status (arrayc_rt_last_error()).
arrayc_rt_status check(CUresult r, const char *call);
arrayc_rt_status check(cublasStatus_t st, const char *call);
// The same for a math library's status (`ok`: it is the library's success).
arrayc_rt_status libraryStatus(bool ok, const char *call, const char *library, int status);

// A library's entry points, resolved once per process by the first get():
// `resolve(Api &api, std::string &error)` loads the library (openLibrary,
// openWithCublas) and fills `api` (symbol), saying in `error` why it could
// not. get() returns the entry points, or null with that reason in
// arrayc_rt_last_error() (at every call). One static instance per table:
//
//   static EntryPoints<CufftApi> entries;
//   return entries.get([](CufftApi &api, std::string &error) { ... });
void recordLoadError(const std::string &error);
template <class Api> class EntryPoints {
public:
  template <class Resolve> const Api *get(Resolve resolve) {
    std::call_once(once_, [&] { resolve(api_, error_); });
    if (error_.empty())
      return &api_;
    recordLoadError(error_);
    return nullptr;
  }

private:
  Api api_{};
  std::string error_;
  std::once_flag once_;
};

// For a resolve function: cuBLAS's library (cublas()), or null with `error`
// saying why it could not be loaded.
void *cublasLibrary(std::string &error);
// openLibrary for a library whose entry points also need cuBLAS (loaded first,
// into *blas).
void *openWithCublas(const char *what, std::initializer_list<const char *> sonames,
                     std::string &error, const struct Cublas **blas);

// For the makers of per-device handles (PerDevice): true when `ok`, else
// false with "<call> failed (status <status>)" in arrayc_rt_last_error().
bool succeeded(bool ok, const char *call, int status);

// The failure of the entry point `name`: "<name>: <msg>", located as
// arrayc_rt_fatal reports it (an exit, or the failure of a libarrayc call).
[[noreturn]] void fail(const char *name, const std::string &msg);
// `p`, or the failure of `name` with arrayc_rt_last_error() when it is null
// (a library, entry-point table or handle that could not be had).
template <class P> P required(const char *name, P p) {
  if (!p)
    fail(name, arrayc_rt_last_error());
  return p;
}

// The devices a process can use (ordinals 0 .. kMaxDevices-1).
constexpr int kMaxDevices = 64;
// The calling thread's current device (arrayc_rt_set_device; 0 by default).
int currentDevice();
// Makes the current device's primary context current on the calling thread
// (cuda.cpp).
void makeContextCurrent();

// One T per device, made on the device's first use by `make(T &)` (under a
// lock, with the device's context current; false: failed, the reason in
// arrayc_rt_last_error(), tried again on the next use). Reading a made one
// costs an atomic load.
template <class T> class PerDevice {
public:
  template <class Make> T *get(Make make) {
    int d = currentDevice();
    if (T *p = slots_[d].load(std::memory_order_acquire))
      return p;
    std::lock_guard<std::mutex> g(mutex_);
    if (T *p = slots_[d].load(std::memory_order_acquire))
      return p;
    makeContextCurrent();
    auto *p = new T(); // leaked: used from global destructors
    if (!make(*p)) {
      delete p;
      return nullptr;
    }
    slots_[d].store(p, std::memory_order_release);
    return p;
  }

private:
  std::atomic<T *> slots_[kMaxDevices] = {};
  std::mutex mutex_;
};
// The calling thread's current stream (arrayc_rt_set_current_stream), with
// the kernels a recorded call holds back (graphs.h) queued on it first.
CUstream stream();
// True when `p` is device (or managed) memory of the current context.
bool isDeviceMemory(const void *p);

// A ranked memref descriptor as MLIR lays it out: allocated and aligned
// pointers, offset, sizes[rank], strides[rank].
struct Descriptor {
  int64_t rank;
  char *data; // element 0
  const int64_t *sizes, *strides;
};
inline Descriptor descriptor(int64_t rank, void *desc, size_t eltSize) {
  auto *words = static_cast<int64_t *>(desc);
  char *aligned = reinterpret_cast<char *>(words[1]);
  return {rank, aligned ? aligned + words[2] * (int64_t)eltSize : nullptr, words + 3,
          words + 3 + rank};
}

// A device scratch buffer from the pool, freed (stream-ordered) on scope exit.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(size_t bytes) { allocate(bytes); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { mgpuMemFree(ptr_, stream()); }
  void allocate(size_t bytes) {
    mgpuMemFree(ptr_, stream());
    ptr_ = mgpuMemAlloc(bytes ? bytes : 1, stream(), false);
  }
  template <class T = void> T *get() const { return static_cast<T *>(ptr_); }

private:
  void *ptr_ = nullptr;
};

// The process's cuBLAS library (cuda_libs.cpp). Null with the reason in
// arrayc_rt_last_error() when it cannot be loaded.
struct Cublas {
  void *lib = nullptr;
};
const Cublas *cublas();
// The current device's cuBLAS handle (one per device, made on first use),
// bound to the calling thread's current stream; null on failure.
cublasHandle_t cublasOnStream();

// Resolves `name` in `lib` into `fn`; on a missing symbol records it in
// `error` (first one only).
template <class Fn> void symbol(void *lib, Fn &fn, const char *name, std::string &error) {
  fn = reinterpret_cast<Fn>(dlsym(lib, name));
  if (!fn && error.empty())
    error = std::string("missing symbol ") + name;
}

} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_CUDA_LIBS_H
