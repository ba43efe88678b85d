// The devices (cuda_device.h): each device's state -- its retained primary
// context, its memory pool, its default stream -- made on its first use and
// kept for the process (leaked: used from global destructors), the calling
// thread's current device and current stream per device, the pinned host
// pool, and the calls of runtime.h that choose a device, read its pools and
// check that an argument lives on it. The mgpu* ABI that uses them is
// cuda.cpp's.
#include "cuda_device.h"

#include "arrayc_rt/runtime.h"
#include "internal.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <utility>

namespace graphs = arrayc_rt::graphs;

namespace arrayc_rt::cuda {

// ---- device memory: a caching, stream-ordered pool per device (pool.h) ------
void *CudaPoolBackend::allocate(size_t bytes) {
  CUdeviceptr ptr = 0;
  CUresult r = driverPool ? cuMemAllocAsync(&ptr, bytes, nullptr) : cuMemAlloc(&ptr, bytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    return nullptr;
  char what[64];
  snprintf(what, sizeof what, "allocating %zu bytes", bytes);
  CU_CHECK(r, what);
  return reinterpret_cast<void *>(ptr);
}
// No flush of a recording here (called under the pool's lock): a recorded
// call's freed blocks are held back (graphs.h), never in the cache.
void CudaPoolBackend::release(void *ptr) {
  if (driverPool)
    CU_CHECK(cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(ptr), nullptr), "");
  else
    CU_CHECK(cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)), "");
}
void CudaPoolBackend::synchronize(void *stream) {
  CU_CHECK(cuStreamSynchronize(reinterpret_cast<CUstream>(stream)), "");
}
// The legacy null stream and blocking streams are ordered with each other.
bool CudaPoolBackend::ordered(void *freedOn, void *usedOn) {
  if (freedOn == usedOn)
    return true;
  auto blocking = [](void *s) {
    unsigned flags = 0;
    return !s || (cuStreamGetFlags(reinterpret_cast<CUstream>(s), &flags) == CUDA_SUCCESS &&
                  !(flags & CU_STREAM_NON_BLOCKING));
  };
  return (!freedOn || !usedOn) && blocking(freedOn) && blocking(usedOn);
}

namespace {
// Pinned host memory for the staging copies: cached the same way, but the
// host writes a reused block, so it is never ordered after queued work: a
// block freed on a stream is reused only once that stream's work is done.
class PinnedPoolBackend : public PoolBackend {
public:
  void *allocate(size_t bytes) override {
    void *ptr = nullptr;
    return cuMemHostAlloc(&ptr, bytes, CU_MEMHOSTALLOC_PORTABLE) == CUDA_SUCCESS ? ptr : nullptr;
  }
  void release(void *ptr) override { CU_CHECK(cuMemFreeHost(ptr), ""); }
  void synchronize(void *stream) override {
    CU_CHECK(cuStreamSynchronize(reinterpret_cast<CUstream>(stream)), "");
  }
  bool ordered(void *, void *) override { return false; }
};
} // namespace

CachingPool &pinnedPool() {
  static PinnedPoolBackend backend;
  static auto *pool = new CachingPool(backend); // leaked: see devicePool
  return *pool;
}

// ---- the devices -------------------------------------------------------------
// Each device ordinal has its own state, made on its first use and kept for
// the process (leaked: used from global destructors): its retained primary
// context, its memory pool, its default stream and its launch limits. The
// calling thread has a current device (arrayc_rt_set_device, 0 by default),
// which everything a compiled call does uses; pinned host memory is the
// process's.
DeviceState::DeviceState(int ordinal) : ordinal(ordinal), pool(new CachingPool(backend)) {
  // ARRAYC_CUDA_POOL=0: no caching, exact sizes (compute-sanitizer
  // memcheck); =driver: no caching here, the driver's pool caches.
  const char *e = std::getenv("ARRAYC_CUDA_POOL");
  backend.driverPool = e && std::strcmp(e, "driver") == 0;
  pool->setCaching(!(e && (std::strcmp(e, "0") == 0 || backend.driverPool)));
}

namespace {
std::atomic<DeviceState *> gDevices[kMaxDevices] = {};
std::mutex gDevicesMutex; // making a state, its context or its default stream

} // namespace

DeviceState &deviceState(int device) {
  if (DeviceState *s = gDevices[device].load(std::memory_order_acquire))
    return *s;
  std::lock_guard<std::mutex> g(gDevicesMutex);
  if (DeviceState *s = gDevices[device].load(std::memory_order_acquire))
    return *s;
  auto *s = new DeviceState(device);
  gDevices[device].store(s, std::memory_order_release);
  return *s;
}
DeviceState &currentState() { return deviceState(tDevice); }
/// The state of `device` if it was ever used, else null.
DeviceState *usedState(int device) { return gDevices[device].load(std::memory_order_acquire); }

CUcontext contextOf(DeviceState &s) {
  if (CUcontext ready = s.context.load(std::memory_order_acquire))
    return ready; // no lock per call
  std::lock_guard<std::mutex> g(gDevicesMutex);
  if (CUcontext ready = s.context.load(std::memory_order_acquire))
    return ready;
  CU_CHECK(cuInit(0), "");
  CUdevice dev;
  char what[64];
  snprintf(what, sizeof what, "device %d", s.ordinal);
  CU_CHECK(cuDeviceGet(&dev, s.ordinal), what);
  CUcontext ctx = nullptr;
  CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev), what);
  s.context.store(ctx, std::memory_order_release);
  return ctx;
}

CUcontext primaryContext() { return contextOf(currentState()); }

CachingPool &devicePool() { return *currentState().pool; }

bool driverUsable() {
  static int state = -1; // -1 unknown, 0 no, 1 yes
  static std::once_flag once;
  std::call_once(once, [] {
    int n = 0;
    state = (cuInit(0) == CUDA_SUCCESS && cuDeviceGetCount(&n) == CUDA_SUCCESS && n > 0) ? 1 : 0;
  });
  return state == 1;
}

bool haveContext() {
  DeviceState *s = usedState(tDevice);
  return s && s->context.load(std::memory_order_acquire);
}

namespace {
/// The number of CUDA devices, read once; 0 without a usable driver.
int deviceCount() {
  static const int count = [] {
    int n = 0;
    if (!driverUsable() || cuDeviceGetCount(&n) != CUDA_SUCCESS)
      return 0;
    return n;
  }();
  return count;
}
} // namespace

// ---- the streams of each device ----------------------------------------------
// One blocking stream per device for all the program's work there (the
// current device's; made in its context on first use), instead of a stream created,
// synchronized and destroyed around every launch (MLIR's synchronous lowering):
// launches queue back to back; the host waits only where it reads device memory,
// through copies on the legacy default stream, which a blocking stream orders
// with, or through arrayc_rt_sync at the end of main. A kernel's run-time fault
// is therefore reported at the next such wait.
CUstream sharedStream() {
  DeviceState &s = currentState();
  if (CUstream ready = s.shared.load(std::memory_order_acquire))
    return ready;
  ScopedContext ctx;
  std::lock_guard<std::mutex> g(gDevicesMutex);
  if (CUstream ready = s.shared.load(std::memory_order_acquire))
    return ready;
  CUstream stream = nullptr;
  CU_CHECK(cuStreamCreate(&stream, CU_STREAM_DEFAULT), "");
  s.shared.store(stream, std::memory_order_release);
  return stream;
}

/// Whether `stream` is a device's default stream (sharedStream).
bool isSharedStream(CUstream stream) {
  for (int d = 0; d < kMaxDevices; ++d)
    if (DeviceState *s = usedState(d); s && stream && s->shared.load() == stream)
      return true;
  return false;
}

} // namespace arrayc_rt::cuda

using namespace arrayc_rt::cuda;

void arrayc_rt::cuda::poolFree(void *ptr, CUstream stream) {
  DeviceState &cur = currentState();
  if (cur.pool->owns(ptr)) {
    ScopedContext ctx;
    cur.pool->free(ptr, stream);
    return;
  }
  // Another device's block (an array released while another device is
  // current): back to its own pool, ordered after the calling thread's work
  // on that device (its current stream there), in that device's context.
  for (int d = 0; d < kMaxDevices; ++d) {
    DeviceState *s = usedState(d);
    if (!s || s == &cur || !s->pool->owns(ptr))
      continue;
    ScopedContext ctx(contextOf(*s));
    CUstream own = tStreams[d] ? tStreams[d] : s->shared.load(std::memory_order_acquire);
    s->pool->free(ptr, own);
    return;
  }
  // Managed memory and buffers from elsewhere are no pool's.
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)), "");
}

extern "C" {

// The calling thread's current stream on each device
// (arrayc_rt_set_current_stream; null: the device's default stream above),
// where compiled code queues its work: the host code's mgpuStreamCreate
// returns it, and its destroy/synchronize around launches leave it alone.
CUstream currentStream() {
  CUstream s = tStreams[tDevice];
  return s ? s : sharedStream();
}

ARRAYC_RT_API int arrayc_rt_cuda_device_count(void) {
  int n = 0;
  if (cuInit(0) != CUDA_SUCCESS) return 0;
  if (cuDeviceGetCount(&n) != CUDA_SUCCESS) return 0;
  return n;
}

ARRAYC_RT_API int64_t arrayc_rt_gpu_resident_blocks(int64_t threadsPerBlock) {
  // Multiprocessors and threads per multiprocessor of the device launches go
  // to (the current one), read once per device.
  static std::mutex mutex;
  static std::map<int32_t, std::pair<int, int>> cache;
  const int device = tDevice;
  primaryContext();
  std::lock_guard<std::mutex> g(mutex);
  auto it = cache.find(device);
  if (it == cache.end()) {
    CUdevice dev;
    int sms = 0, threads = 0;
    CU_CHECK(cuDeviceGet(&dev, device), "reading the launch configuration");
    CU_CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev),
             "multiprocessor count");
    CU_CHECK(cuDeviceGetAttribute(&threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
                                  dev),
             "threads per multiprocessor");
    it = cache.emplace(device, std::make_pair(sms, threads)).first;
  }
  auto [sms, threads] = it->second;
  int64_t perSM = threadsPerBlock > 0 ? threads / threadsPerBlock : 1;
  return (int64_t)sms * (perSM > 0 ? perSM : 1);
}

ARRAYC_RT_API size_t arrayc_rt_pool_used_bytes(void) { return devicePool().usedBytes(); }
ARRAYC_RT_API size_t arrayc_rt_pool_total_bytes(void) { return devicePool().totalBytes(); }
ARRAYC_RT_API void arrayc_rt_pool_free_all_blocks(void) {
  ScopedContext ctx;
  devicePool().freeAllBlocks();
}
ARRAYC_RT_API size_t arrayc_rt_pinned_pool_used_bytes(void) { return pinnedPool().usedBytes(); }
ARRAYC_RT_API size_t arrayc_rt_pinned_pool_total_bytes(void) {
  return pinnedPool().totalBytes();
}
ARRAYC_RT_API void arrayc_rt_pinned_pool_free_all_blocks(void) {
  ScopedContext ctx;
  pinnedPool().freeAllBlocks();
}
ARRAYC_RT_API void arrayc_rt_pool_set_limit(size_t bytes) {
  ScopedContext ctx;
  devicePool().setLimit(bytes);
}

// MLIR's gpu.set_default_device: the calling thread's current device.
ARRAYC_RT_API void mgpuSetDefaultDevice(int32_t device) {
  if (arrayc_rt_set_device(device) != ARRAYC_RT_OK)
    arrayc_rt_fatal_status(ARRAYC_RT_ERR_DEVICE, "", arrayc_rt_last_error());
}

// ---- the device (runtime.h) ---------------------------------------------------
// Cheap enough for every call of a libarrayc context (it makes its device
// current around the call): a thread-local store once the count is known.
ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_device(int device) {
  if (!driverUsable())
    return arrayc_rt::setError(ARRAYC_RT_ERR_DEVICE, "CUDA: no usable GPU driver or device");
  int count = deviceCount();
  if (device < 0 || device >= count)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID,
                               "invalid device ordinal: device %d does not exist (%d device%s)",
                               device, count, count == 1 ? "" : "s");
  if (device >= kMaxDevices)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID,
                               "device %d: arrayc uses at most %d devices per process", device,
                               kMaxDevices);
  if (device != tDevice) {
    graphs::flush(); // what was recorded goes to the device it was recorded for
    tDevice = device;
  }
  return ARRAYC_RT_OK;
}

ARRAYC_RT_API int arrayc_rt_get_device(void) { return tDevice; }

ARRAYC_RT_API arrayc_rt_status arrayc_rt_device_scope_enter(int device,
                                                            arrayc_rt_device_scope *saved) {
  saved->device = tDevice;
  CUcontext cur = nullptr;
  saved->context = cuCtxGetCurrent(&cur) == CUDA_SUCCESS ? cur : nullptr;
  return device == tDevice ? ARRAYC_RT_OK : arrayc_rt_set_device(device);
}

// The library entry points and graphs leave the device's context current
// (makeContextCurrent); another library's current device (cudart's is the
// current context's) is put back here.
ARRAYC_RT_API void arrayc_rt_device_scope_exit(const arrayc_rt_device_scope *saved) {
  if (saved->device != tDevice)
    arrayc_rt_set_device(saved->device);
  CUcontext cur = nullptr;
  if (cuCtxGetCurrent(&cur) == CUDA_SUCCESS && cur != saved->context)
    cuCtxSetCurrent(static_cast<CUcontext>(saved->context));
}

// Called at the entry of the cuda target's public functions, per array
// argument (arrayc-check-device-arguments): the current device pool's blocks
// pass at once, anything else is asked of the driver.
// The last pointers the driver placed on the current device, per thread: a
// C++ host calling a function again with the same arrays pays one lookup
// per array. (A stale entry -- the address freed and reused by another
// device's allocation -- is accepted as before this check existed.)
thread_local int64_t tCheckedPointers[8] = {};
thread_local int tCheckedDevices[8] = {};
thread_local unsigned tCheckedNext = 0;

ARRAYC_RT_API void arrayc_rt_check_device(int64_t ptr, int64_t arg, int64_t nrank, void *ndesc) {
  if (!ptr)
    return;
  const int device = tDevice;
  for (int i = 0; i < 8; ++i)
    if (tCheckedPointers[i] == ptr && tCheckedDevices[i] == device)
      return;
  if (devicePool().owns(reinterpret_cast<void *>(ptr)))
    return;
  ScopedContext ctx;
  int ordinal = -1;
  CUresult r = cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                     static_cast<CUdeviceptr>(ptr));
  if (r == CUDA_SUCCESS && ordinal == device) {
    unsigned slot = tCheckedNext++ % 8;
    tCheckedPointers[slot] = ptr;
    tCheckedDevices[slot] = device;
    return;
  }
  char msg[320];
  std::string fn = arrayc_rt::memrefString(nrank, ndesc);
  if (r != CUDA_SUCCESS) {
    snprintf(msg, sizeof msg,
             "argument %lld of '%s' is host memory; functions compiled for the cuda target "
             "take arrays in device memory",
             (long long)arg, fn.c_str());
    arrayc_rt_fatal("", msg);
  }
  // CuPy's words (cupy/_core/_kernel.pyx, _check_peer_access); arrayc never
  // turns peer access on, so another device's array is always an error.
  snprintf(msg, sizeof msg,
           "argument %lld of '%s': the device where the array resides (%d) is different from "
           "the current device (%d); peer access is not used: copy the array to the current "
           "device",
           (long long)arg, fn.c_str(), ordinal, device);
  arrayc_rt_fatal_status(ARRAYC_RT_ERR_DEVICE, "", msg);
}

} // extern "C"
