// The devices of libarrayc_runtime_cuda (cuda_device.cpp), shared by
// cuda.cpp's mgpu* ABI and device hooks: each device ordinal's state (its
// retained primary context, its memory pool, its default stream), made on
// its first use and kept for the process; the calling thread's current
// device and current stream per device; the pinned host pool. Internal: the
// public calls are runtime.h's (arrayc_rt_set_device, arrayc_rt_pool_*, ...).
#ifndef ARRAYC_RT_CUDA_DEVICE_H
#define ARRAYC_RT_CUDA_DEVICE_H

#include "cuda_libs.h"
#include "graphs.h"
#include "pool.h"

#include <cuda.h>

#include <atomic>
#include <mutex>

// Reports a failed driver call (cuda.cpp's fail: exit 1, or the failure of
// a recoverable region), `what` saying what it was doing.
#define CU_CHECK(call, what)                                                                \
  do {                                                                                      \
    CUresult cu_check_r_ = (call);                                                          \
    if (cu_check_r_ != CUDA_SUCCESS)                                                        \
      arrayc_rt::cuda::fail(#call, cu_check_r_, what);                                      \
  } while (0)

// The calling thread's current stream on the current device (cuda_device.cpp).
extern "C" CUstream currentStream();

namespace arrayc_rt::cuda {

// Device memory: a caching, stream-ordered pool per device (pool.h).
class CudaPoolBackend : public PoolBackend {
public:
  /// ARRAYC_CUDA_POOL=driver: blocks come from the device's default memory
  /// pool, stream-ordered on the legacy default stream (which every blocking
  /// stream is ordered with), so the cache is the driver's: the one CuPy's
  /// MemoryAsyncPool and PyTorch's cudaMallocAsync backend use.
  bool driverPool = false;

  void *allocate(size_t bytes) override;
  void release(void *ptr) override;
  void synchronize(void *stream) override;
  bool ordered(void *freedOn, void *usedOn) override;
};

// One device's state. Its kernels (modules per device, cuda.cpp), library
// handles (cuda_libs.h's PerDevice) and graphs (made of its kernels) are its
// own too.
struct DeviceState {
  explicit DeviceState(int ordinal);
  const int ordinal;
  std::atomic<CUcontext> context{nullptr}; // retained on first use
  CudaPoolBackend backend;
  CachingPool *pool;                     // no CUDA call until it allocates
  std::atomic<CUstream> shared{nullptr}; // the default stream (sharedStream)
};

// The calling thread's current device: always a valid index of the devices
// (arrayc_rt_set_device checks the ordinal).
inline thread_local int tDevice = 0;
// The calling thread's current stream on each device
// (arrayc_rt_set_current_stream; null: the device's default stream), where
// compiled code queues its work.
inline thread_local CUstream tStreams[kMaxDevices] = {};

/// The state of `device`, made on its first use.
DeviceState &deviceState(int device);
/// The state of the calling thread's current device.
DeviceState &currentState();
/// The state of `device` if it was ever used, else null.
DeviceState *usedState(int device);
/// The device's primary context, retained on first use.
CUcontext contextOf(DeviceState &s);
/// The current device's primary context.
CUcontext primaryContext();
/// The current device's memory pool.
CachingPool &devicePool();
/// Pinned host memory for the staging copies (the process's).
CachingPool &pinnedPool();
/// Whether the driver loads and sees a GPU (asked once).
bool driverUsable();
/// Whether the current device's context was ever made (work was queued).
bool haveContext();
/// The current device's default stream: one blocking stream per device.
CUstream sharedStream();
/// Whether `stream` is a device's default stream (sharedStream).
bool isSharedStream(CUstream stream);

// Makes a context (the current device's primary one unless given) current
// for the scope, restoring the previous one.
class ScopedContext {
public:
  ScopedContext() : ScopedContext(primaryContext()) {}
  explicit ScopedContext(CUcontext ctx) {
    CU_CHECK(cuCtxGetCurrent(&prev_), "");
    if (prev_ != ctx) CU_CHECK(cuCtxSetCurrent(ctx), "");
  }
  ~ScopedContext() {
    CUcontext cur = nullptr;
    if (cuCtxGetCurrent(&cur) == CUDA_SUCCESS && cur != prev_ && prev_) cuCtxSetCurrent(prev_);
  }

private:
  CUcontext prev_ = nullptr;
};

} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_CUDA_DEVICE_H
