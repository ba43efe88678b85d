// mgpu* ABI used by MLIR 22 gpu-to-llvm host code, on the CUDA driver API,
// plus the device memory hooks of the core runtime.
#include "arrayc_rt/runtime.h"
#include "arrayc_rt/events.h"

#include <cuda.h>

#include "cuda_libs.h"
#include "graphs.h"
#include "internal.h"
#include "pool.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

extern "C" CUstream currentStream(); // the calling thread's current stream (below)

namespace arrayc_rt::cuda {
[[noreturn]] void fail(const char *call, CUresult r, const char *what) {
  // "cuMemAlloc(&ptr, sizeBytes)" -> "cuMemAlloc"
  char fn[64];
  size_t k = 0;
  while (call[k] && call[k] != '(' && k + 1 < sizeof fn) { fn[k] = call[k]; ++k; }
  fn[k] = '\0';
  const char *name = nullptr, *str = nullptr;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name) name = "CUDA_ERROR_UNKNOWN";
  if (cuGetErrorString(r, &str) != CUDA_SUCCESS || !str) str = "unknown error";
  char text[512];
  if (what && *what)
    snprintf(text, sizeof text, "CUDA: %s: %s: %s (%s)", fn, name, str, what);
  else
    snprintf(text, sizeof text, "CUDA: %s: %s: %s", fn, name, str);
  arrayc_rt_fatal_status(r == CUDA_ERROR_OUT_OF_MEMORY ? ARRAYC_RT_ERR_NOMEM : ARRAYC_RT_ERR_DEVICE,
                         "", text);
}
} // namespace arrayc_rt::cuda

namespace {
using arrayc_rt::cuda::fail;
namespace graphs = arrayc_rt::graphs;

#define CU_CHECK(call, what)                                                                \
  do {                                                                                      \
    CUresult cu_check_r_ = (call);                                                          \
    if (cu_check_r_ != CUDA_SUCCESS) fail(#call, cu_check_r_, what);                    \
  } while (0)

// ---- device memory: a caching, stream-ordered pool per device (pool.h) ------
class CudaPoolBackend : public arrayc_rt::PoolBackend {
public:
  /// ARRAYC_CUDA_POOL=driver: blocks come from the device's default memory
  /// pool, stream-ordered on the legacy default stream (which every blocking
  /// stream is ordered with), so the cache is the driver's: the one CuPy's
  /// MemoryAsyncPool and PyTorch's cudaMallocAsync backend use.
  bool driverPool = false;

  void *allocate(size_t bytes) override {
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
  void release(void *ptr) override {
    if (driverPool)
      CU_CHECK(cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(ptr), nullptr), "");
    else
      CU_CHECK(cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)), "");
  }
  void synchronize(void *stream) override {
    CU_CHECK(cuStreamSynchronize(reinterpret_cast<CUstream>(stream)), "");
  }
  // The legacy null stream and blocking streams are ordered with each other.
  bool ordered(void *freedOn, void *usedOn) override {
    if (freedOn == usedOn)
      return true;
    auto blocking = [](void *s) {
      unsigned flags = 0;
      return !s || (cuStreamGetFlags(reinterpret_cast<CUstream>(s), &flags) == CUDA_SUCCESS &&
                    !(flags & CU_STREAM_NON_BLOCKING));
    };
    return (!freedOn || !usedOn) && blocking(freedOn) && blocking(usedOn);
  }
};

// Pinned host memory for the staging copies: cached the same way, but the
// host writes a reused block, so it is never ordered after queued work: a
// block freed on a stream is reused only once that stream's work is done.
class PinnedPoolBackend : public arrayc_rt::PoolBackend {
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

// ---- the devices -------------------------------------------------------------
// Each device ordinal has its own state, made on its first use and kept for
// the process (leaked: used from global destructors): its retained primary
// context, its memory pool, its default stream and its launch limits. Its
// kernels (modules per device, below), library handles (cuda_libs.h's
// PerDevice) and graphs (made of its kernels) are its own too. The calling
// thread has a current device (arrayc_rt_set_device, 0 by default), which
// everything a compiled call does uses; pinned host memory is the process's.
using arrayc_rt::cuda::kMaxDevices;

struct DeviceState {
  explicit DeviceState(int ordinal) : ordinal(ordinal), pool(new arrayc_rt::CachingPool(backend)) {
    // ARRAYC_CUDA_POOL=0: no caching, exact sizes (compute-sanitizer
    // memcheck); =driver: no caching here, the driver's pool caches.
    const char *e = std::getenv("ARRAYC_CUDA_POOL");
    backend.driverPool = e && std::strcmp(e, "driver") == 0;
    pool->setCaching(!(e && (std::strcmp(e, "0") == 0 || backend.driverPool)));
  }
  const int ordinal;
  std::atomic<CUcontext> context{nullptr}; // retained on first use
  CudaPoolBackend backend;
  arrayc_rt::CachingPool *pool;            // no CUDA call until it allocates
  std::atomic<CUstream> shared{nullptr};   // the default stream (sharedStream)
};

std::atomic<DeviceState *> gDevices[kMaxDevices] = {};
std::mutex gDevicesMutex; // making a state, its context or its default stream

// The calling thread's current device: always a valid index of gDevices
// (arrayc_rt_set_device checks the ordinal).
thread_local int tDevice = 0;

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

arrayc_rt::CachingPool &devicePool() { return *currentState().pool; }

// ---- device hooks for the core runtime -------------------------------------
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

int hookIsDevicePtr(const void *p) {
  if (!p || !driverUsable()) return 0;
  unsigned int memType = 0;
  CUresult r;
  if (haveContext()) {
    ScopedContext ctx;
    r = cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)p);
  } else {
    r = cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)p);
  }
  if (r != CUDA_SUCCESS) return 0; // CUDA_ERROR_INVALID_VALUE: plain host memory
  return memType == CU_MEMORYTYPE_DEVICE ? 1 : 0;
}

int hookCopyToHost(void *dst, const void *src, size_t bytes) {
  graphs::flush();
  ScopedContext ctx;
  return cuMemcpyDtoH(dst, (CUdeviceptr)src, bytes) == CUDA_SUCCESS ? 0 : 1;
}

extern "C" arrayc_rt::CachingPool &pinnedPool(); // below

// Copies from pinned memory are only queued (on the current stream); the
// stage frees its block afterwards, on that stream, and the pinned pool
// reuses it only after that stream's work is done.
int hookCopyToDevice(void *dst, const void *src, size_t bytes) {
  graphs::flush();
  ScopedContext ctx;
  unsigned int memType = 0;
  bool pinned = cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                      (CUdeviceptr)src) == CUDA_SUCCESS &&
                memType == CU_MEMORYTYPE_HOST;
  CUresult r = pinned ? cuMemcpyHtoDAsync((CUdeviceptr)dst, src, bytes, currentStream())
                      : cuMemcpyHtoD((CUdeviceptr)dst, src, bytes);
  return r == CUDA_SUCCESS ? 0 : 1;
}

void *hookHostAlloc(size_t bytes) {
  if (!driverUsable())
    return nullptr;
  ScopedContext ctx;
  return pinnedPool().allocate(bytes, nullptr, nullptr);
}

void hookHostFree(void *ptr) {
  ScopedContext ctx;
  pinnedPool().free(ptr, currentStream());
}

int hookSynchronize() {
  if (!haveContext())
    return 0; // nothing was ever queued on the current device
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuCtxSynchronize(), "waiting for the program's kernels");
  return 0;
}

__attribute__((constructor)) void registerHooks() {
  static const arrayc_rt_device_hooks hooks = {hookIsDevicePtr, hookCopyToHost, hookCopyToDevice,
                                               hookSynchronize, hookHostAlloc, hookHostFree};
  arrayc_rt_set_device_hooks(&hooks);
  arrayc_rt_region_on_failure(graphs::abandon);
}

} // namespace

// For the math-library entry points (cuda_libs.h).
namespace arrayc_rt::cuda {
int currentDevice() { return tDevice; }
void makeContextCurrent() {
  CUcontext ctx = primaryContext(), cur = nullptr;
  if (cuCtxGetCurrent(&cur) != CUDA_SUCCESS || cur != ctx)
    CU_CHECK(cuCtxSetCurrent(ctx), "");
}
bool isDeviceMemory(const void *p) { return hookIsDevicePtr(p) == 1; }
CUstream stream() {
  graphs::flush(); // library work queues after the kernels recorded so far
  return currentStream();
}
} // namespace arrayc_rt::cuda

extern "C" {

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

// A module of compiled code: its image (the cubin or PTX the compiled object
// holds as a constant, alive until mgpuModuleUnload), loaded into each
// device's context on that device's first use of it (a CUmodule belongs to
// one context). The host code loads it once, from a global constructor, and
// asks for a kernel before every launch; kernels are looked up once per
// (module, kernel name, device): names are the compiled module's constant
// strings, so their addresses are the key.
namespace {
struct Module {
  const void *image;
  int jitOptLevel; // -1: a cubin (mgpuModuleLoad), else PTX for the JIT
  std::atomic<CUmodule> loaded[kMaxDevices] = {};
};

CUmodule loadImage(const Module &m) {
  ScopedContext ctx;
  CUmodule module = nullptr;
  if (m.jitOptLevel < 0) {
    CU_CHECK(cuModuleLoadData(&module, m.image), "");
    return module;
  }
  char errorLog[8192];
  errorLog[0] = '\0';
  // Line tables kept (the PTX's .loc, as ptxas -lineinfo): Nsight Compute
  // maps the kernels to the .arr/.py lines.
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                         CU_JIT_OPTIMIZATION_LEVEL, CU_JIT_GENERATE_LINE_INFO};
  void *vals[] = {(void *)errorLog, (void *)(uintptr_t)sizeof(errorLog),
                  (void *)(uintptr_t)m.jitOptLevel, (void *)(uintptr_t)1};
  CUresult r = cuModuleLoadDataEx(&module, m.image, 4, opts, vals);
  if (r != CUDA_SUCCESS) {
    errorLog[sizeof(errorLog) - 1] = '\0';
    fail("cuModuleLoadDataEx", r, errorLog[0] ? errorLog : "PTX JIT failed");
  }
  return module;
}

struct FunctionKey {
  void *module;
  const char *name;
  int device;
  bool operator==(const FunctionKey &o) const {
    return module == o.module && name == o.name && device == o.device;
  }
};
struct FunctionKeyHash {
  size_t operator()(const FunctionKey &k) const {
    return std::hash<void *>()(k.module) ^ (std::hash<const void *>()(k.name) << 1) ^
           (size_t(k.device) << 7);
  }
};
struct FunctionCache {
  std::mutex mutex; // also loads a module into a device
  std::unordered_map<FunctionKey, CUfunction, FunctionKeyHash> functions;
};
FunctionCache &functionCache() {
  static auto *cache = new FunctionCache; // leaked: used from global destructors
  return *cache;
}

Module *newModule(const void *image, int jitOptLevel) {
  auto *m = new Module{image, jitOptLevel};
  // Loaded into the current device now: a bad image is reported at load.
  m->loaded[tDevice].store(loadImage(*m), std::memory_order_release);
  return m;
}
} // namespace

ARRAYC_RT_API void *mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  return newModule(data, -1);
}

ARRAYC_RT_API void *mgpuModuleLoadJIT(void *data, int optLevel) {
  return newModule(data, optLevel);
}

// Compiled programs unload their kernels from a global destructor, after
// main returns, when the driver may already be shutting down (it answers
// CUDA_ERROR_DEINITIALIZED or even CUDA_ERROR_UNKNOWN there). The process is
// exiting and the driver releases the module with the context, so unloading
// is best effort and never an error.
ARRAYC_RT_API void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  graphs::forgetModules();
  auto *m = static_cast<Module *>(module);
  {
    FunctionCache &cache = functionCache();
    std::lock_guard<std::mutex> g(cache.mutex);
    for (auto it = cache.functions.begin(); it != cache.functions.end();)
      it = it->first.module == module ? cache.functions.erase(it) : std::next(it);
  }
  CUcontext prev = nullptr;
  bool driverUp = cuCtxGetCurrent(&prev) == CUDA_SUCCESS;
  for (int d = 0; d < kMaxDevices && driverUp; ++d) {
    CUmodule loaded = m->loaded[d].load(std::memory_order_acquire);
    DeviceState *s = usedState(d);
    CUcontext ctx = s ? s->context.load(std::memory_order_acquire) : nullptr;
    if (loaded && ctx && cuCtxSetCurrent(ctx) == CUDA_SUCCESS)
      (void)cuModuleUnload(loaded);
  }
  if (driverUp && prev)
    (void)cuCtxSetCurrent(prev);
  delete m;
}

ARRAYC_RT_API void *mgpuModuleGetFunction(void *module, const char *name) {
  FunctionCache &cache = functionCache();
  const int device = tDevice;
  std::lock_guard<std::mutex> g(cache.mutex);
  CUfunction &fn = cache.functions[{module, name, device}];
  if (!fn) {
    auto *m = static_cast<Module *>(module);
    CUmodule loaded = m->loaded[device].load(std::memory_order_acquire);
    if (!loaded) {
      loaded = loadImage(*m); // the first launch of its kernels on this device
      m->loaded[device].store(loaded, std::memory_order_release);
    }
    ScopedContext ctx;
    CU_CHECK(cuModuleGetFunction(&fn, loaded, name), name);
  }
  return fn;
}

ARRAYC_RT_API void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                                    intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem, CUstream stream, void **params,
                                    void **extra, size_t paramsCount) {
  ScopedContext ctx;
  if (smem > 48 * 1024) {
    // Opt in to more than 48 KiB of dynamic shared memory when asked.
    CU_CHECK(cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
             "dynamic shared memory opt-in");
  }
  const unsigned grid[3] = {(unsigned)gridX, (unsigned)gridY, (unsigned)gridZ};
  const unsigned block[3] = {(unsigned)blockX, (unsigned)blockY, (unsigned)blockZ};
  if (graphs::recordLaunch(function, grid, block, (unsigned)smem, stream, params, paramsCount,
                           extra))
    return;
  CUresult r = cuLaunchKernel(function, (unsigned)gridX, (unsigned)gridY, (unsigned)gridZ,
                              (unsigned)blockX, (unsigned)blockY, (unsigned)blockZ,
                              (unsigned)smem, stream, params, extra);
  if (r != CUDA_SUCCESS) {
    char what[160];
    snprintf(what, sizeof what, "grid (%ld, %ld, %ld), block (%ld, %ld, %ld), %d bytes shared",
             (long)gridX, (long)gridY, (long)gridZ, (long)blockX, (long)blockY, (long)blockZ,
             (int)smem);
    fail("cuLaunchKernel", r, what);
  }
}

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

// The calling thread's current stream on each device
// (arrayc_rt_set_current_stream; null: the device's default stream above),
// where compiled code queues its work: the host code's mgpuStreamCreate
// returns it, and its destroy/synchronize around launches leave it alone.
thread_local CUstream tStreams[kMaxDevices] = {};
CUstream currentStream() {
  CUstream s = tStreams[tDevice];
  return s ? s : sharedStream();
}

ARRAYC_RT_API void *mgpuStreamCreate() { return currentStream(); }

// Zeroed u32 counters per stream for kernels that finish their own reduction
// (GPUMapLinalg: the last block of an output to arrive combines the partials
// and puts its counter back to 0). Kernels on one stream run one after the
// other, so each stream needs one array; a kernel only ever leaves it zeroed.
// Arrays are never shrunk; a larger one replaces a smaller one (the old one is
// kept until the stream goes: kernels queued before may still use it).
namespace {
struct StreamCounters {
  CUdeviceptr ptr = 0;
  int64_t capacity = 0;
  std::vector<CUdeviceptr> retired;
};
std::mutex gCountersMutex;
std::map<CUstream, StreamCounters> gCounters;

void releaseCounters(CUstream s) { // the stream's work has finished
  std::lock_guard<std::mutex> g(gCountersMutex);
  auto it = gCounters.find(s);
  if (it == gCounters.end())
    return;
  for (CUdeviceptr p : it->second.retired)
    cuMemFree(p);
  if (it->second.ptr)
    cuMemFree(it->second.ptr);
  gCounters.erase(it);
}
} // namespace

struct CountersMemRef { // MLIR's descriptor of a memref<?xi32>
  int32_t *allocated, *aligned;
  int64_t offset, size, stride;
};

/// `n` zeroed counters on the calling thread's current stream, as a
/// memref<?xi32> (the compiled code declares `arrayc_rt.gpu_counters` with
/// llvm.emit_c_interface). The '.' in the symbol keeps it apart from the C
/// wrappers of user functions, `_mlir_ciface_<identifier>`.
ARRAYC_RT_API void gpuCounters(CountersMemRef *result, int64_t n) __asm__(
    "_mlir_ciface_arrayc_rt.gpu_counters");
ARRAYC_RT_API void gpuCounters(CountersMemRef *result, int64_t n) {
  CUstream s = currentStream();
  ScopedContext ctx;
  std::lock_guard<std::mutex> g(gCountersMutex);
  StreamCounters &c = gCounters[s];
  if (c.capacity < n) {
    int64_t capacity = std::max<int64_t>({n, 2 * c.capacity, 4096});
    CUdeviceptr p = 0;
    CU_CHECK(cuMemAlloc(&p, size_t(capacity) * 4), "allocating reduction counters");
    // Queued on the stream: before every kernel that will use the array.
    CU_CHECK(cuMemsetD32Async(p, 0, size_t(capacity), s), "zeroing reduction counters");
    if (c.ptr)
      c.retired.push_back(c.ptr);
    c.ptr = p;
    c.capacity = capacity;
  }
  auto *p = reinterpret_cast<int32_t *>(c.ptr);
  *result = CountersMemRef{p, p, 0, n, 1};
}

ARRAYC_RT_API void mgpuStreamDestroy(CUstream stream) {
  if (stream == currentStream() || isSharedStream(stream))
    return;
  ScopedContext ctx;
  CU_CHECK(cuStreamDestroy(stream), "");
}

ARRAYC_RT_API void mgpuStreamSynchronize(CUstream stream) {
  if (stream == currentStream() || isSharedStream(stream))
    return; // ordered on the stream; the host waits where it reads (see above)
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuStreamSynchronize(stream), "");
}

ARRAYC_RT_API void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuStreamWaitEvent(stream, event, 0), "");
}

ARRAYC_RT_API void *mgpuEventCreate() {
  ScopedContext ctx;
  CUevent event = nullptr;
  CU_CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "");
  return event;
}

ARRAYC_RT_API void mgpuEventDestroy(CUevent event) {
  ScopedContext ctx;
  CU_CHECK(cuEventDestroy(event), "");
}

ARRAYC_RT_API void mgpuEventSynchronize(CUevent event) {
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuEventSynchronize(event), "");
}

ARRAYC_RT_API void mgpuEventRecord(CUevent event, CUstream stream) {
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuEventRecord(event, stream), "");
}

namespace {
arrayc_rt::CachingPool &pinnedPool() {
  static PinnedPoolBackend backend;
  static auto *pool = new arrayc_rt::CachingPool(backend); // leaked: see devicePool
  return *pool;
}

} // namespace

// mgpuMemAlloc with the source location an out-of-memory error names
// (arrayc-locate-allocations).
ARRAYC_RT_API void *arrayc_rt_device_alloc_at(uint64_t sizeBytes, CUstream stream,
                                              bool isHostShared, const char *loc) {
  ScopedContext ctx;
  if (sizeBytes == 0) return nullptr;
  if (isHostShared) {
    CUdeviceptr ptr = 0;
    char what[96];
    snprintf(what, sizeof what, "allocating %llu bytes of managed memory",
             (unsigned long long)sizeBytes);
    CU_CHECK(cuMemAllocManaged(&ptr, sizeBytes, CU_MEM_ATTACH_GLOBAL), what);
    return reinterpret_cast<void *>(ptr);
  }
  std::string error;
  void *ptr = devicePool().allocate(sizeBytes, stream, &error);
  if (!ptr)
    arrayc_rt_fatal_status(ARRAYC_RT_ERR_NOMEM, loc, ("CUDA: " + error).c_str());
  // Freed by a failing recoverable region (runtime.h) unless freed before.
  arrayc_rt_region_track(ptr, stream, [](void *p, void *s) {
    arrayc_rt::cuda::poolFree(p, static_cast<CUstream>(s));
  });
  return ptr;
}

ARRAYC_RT_API void *mgpuMemAlloc(uint64_t sizeBytes, CUstream stream, bool isHostShared) {
  return arrayc_rt_device_alloc_at(sizeBytes, stream, isHostShared, "");
}
} // extern "C"

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
// Inside a recorded call (graphs.h) the pool's blocks return to it only once
// the recorded kernels are queued.
ARRAYC_RT_API void mgpuMemFree(void *ptr, CUstream stream) {
  if (!ptr) return;
  arrayc_rt_region_untrack(ptr);
  if (graphs::recording())
    if (size_t bytes = devicePool().blockBytes(ptr); bytes && graphs::deferFree(ptr, bytes, stream))
      return;
  arrayc_rt::cuda::poolFree(ptr, stream);
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

ARRAYC_RT_API void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, CUstream stream) {
  if (sizeBytes == 0) return;
  graphs::flush();
  ScopedContext ctx;
  char what[64];
  snprintf(what, sizeof what, "copying %zu bytes", sizeBytes);
  CU_CHECK(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst), reinterpret_cast<CUdeviceptr>(src),
                         sizeBytes, stream),
           what);
}

ARRAYC_RT_API void mgpuMemset32(void *dst, unsigned int value, size_t count, CUstream stream) {
  if (count == 0) return;
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count, stream), "");
}

ARRAYC_RT_API void mgpuMemset16(void *dst, unsigned short value, size_t count, CUstream stream) {
  if (count == 0) return;
  graphs::flush();
  ScopedContext ctx;
  CU_CHECK(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count, stream), "");
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

// For the NCCL collectives (coll_nccl.cpp, libarrayc_runtime_nccl): the
// current device's context made current on the calling thread, and the stream
// the math libraries queue on (cuda_libs.h's stream(): held-back kernels first).
ARRAYC_RT_API void *arrayc_rt_cuda_library_stream(void) {
  arrayc_rt::cuda::makeContextCurrent();
  return arrayc_rt::cuda::stream();
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

// ---- streams and events (runtime.h) ----------------------------------------
namespace {
/// ARRAYC_RT_OK, or the failed call's error as a located status.
arrayc_rt_status cudaStatus(CUresult r, const char *call) {
  if (r == CUDA_SUCCESS)
    return ARRAYC_RT_OK;
  const char *name = nullptr, *str = nullptr;
  if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name) name = "CUDA_ERROR_UNKNOWN";
  if (cuGetErrorString(r, &str) != CUDA_SUCCESS || !str) str = "unknown error";
  return arrayc_rt::setError(ARRAYC_RT_ERR_DEVICE, "CUDA: %s: %s: %s", call, name, str);
}
arrayc_rt_status noDriver() {
  return arrayc_rt::setError(ARRAYC_RT_ERR_DEVICE, "CUDA: no usable driver or GPU");
}
} // namespace

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_create(arrayc_rt_stream *stream) {
  if (!stream)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_stream_create: null result");
  if (!driverUsable())
    return noDriver();
  ScopedContext ctx;
  CUstream s = nullptr;
  arrayc_rt_status st = cudaStatus(cuStreamCreate(&s, CU_STREAM_DEFAULT), "cuStreamCreate");
  *stream = st == ARRAYC_RT_OK ? reinterpret_cast<arrayc_rt_stream>(s) : nullptr;
  return st;
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_destroy(arrayc_rt_stream stream) {
  CUstream s = reinterpret_cast<CUstream>(stream);
  CUcontext owner = nullptr;
  if (!s || isSharedStream(s) || cuStreamGetCtx(s, &owner) != CUDA_SUCCESS)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID,
                               "arrayc_rt_stream_destroy: not a stream made by arrayc_rt_stream_create");
  graphs::flush();
  ScopedContext ctx(owner); // the stream's device, whichever is current
  // Its queued work finishes first; the pool's blocks freed on it are then
  // free for any stream.
  if (arrayc_rt_status st = cudaStatus(cuStreamSynchronize(s), "cuStreamSynchronize"))
    return st;
  for (int d = 0; d < kMaxDevices; ++d) {
    if (DeviceState *state = usedState(d))
      state->pool->forgetStream(s);
    if (tStreams[d] == s)
      tStreams[d] = nullptr;
  }
  releaseCounters(s);
  return cudaStatus(cuStreamDestroy(s), "cuStreamDestroy");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_synchronize(arrayc_rt_stream stream) {
  if (!driverUsable())
    return noDriver();
  graphs::flush();
  ScopedContext ctx;
  CUstream s = stream ? reinterpret_cast<CUstream>(stream) : sharedStream();
  return cudaStatus(cuStreamSynchronize(s), "cuStreamSynchronize");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_set_current_stream(arrayc_rt_stream stream) {
  graphs::flush(); // what was recorded goes to the stream it was recorded for
  tStreams[tDevice] = reinterpret_cast<CUstream>(stream); // the current device's
  return ARRAYC_RT_OK;
}

ARRAYC_RT_API arrayc_rt_stream arrayc_rt_current_stream(void) {
  return reinterpret_cast<arrayc_rt_stream>(tStreams[tDevice]);
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_create(arrayc_rt_event *event) {
  if (!event)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_event_create: null result");
  if (!driverUsable())
    return noDriver();
  ScopedContext ctx;
  CUevent e = nullptr;
  arrayc_rt_status st = cudaStatus(cuEventCreate(&e, CU_EVENT_DEFAULT), "cuEventCreate");
  *event = st == ARRAYC_RT_OK ? reinterpret_cast<arrayc_rt_event>(e) : nullptr;
  return st;
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_destroy(arrayc_rt_event event) {
  ScopedContext ctx;
  return cudaStatus(cuEventDestroy(reinterpret_cast<CUevent>(event)), "cuEventDestroy");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_record(arrayc_rt_event event,
                                                      arrayc_rt_stream stream) {
  graphs::flush();
  ScopedContext ctx;
  CUstream s = stream ? reinterpret_cast<CUstream>(stream) : currentStream();
  return cudaStatus(cuEventRecord(reinterpret_cast<CUevent>(event), s), "cuEventRecord");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_synchronize(arrayc_rt_event event) {
  graphs::flush();
  ScopedContext ctx;
  return cudaStatus(cuEventSynchronize(reinterpret_cast<CUevent>(event)), "cuEventSynchronize");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_wait_event(arrayc_rt_stream stream,
                                                           arrayc_rt_event event) {
  graphs::flush();
  ScopedContext ctx;
  CUstream s = stream ? reinterpret_cast<CUstream>(stream) : currentStream();
  return cudaStatus(cuStreamWaitEvent(s, reinterpret_cast<CUevent>(event), 0),
                    "cuStreamWaitEvent");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_elapsed_ms(arrayc_rt_event start,
                                                          arrayc_rt_event end, float *ms) {
  if (!ms)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_event_elapsed_ms: null result");
  ScopedContext ctx;
  return cudaStatus(cuEventElapsedTime(ms, reinterpret_cast<CUevent>(start),
                                       reinterpret_cast<CUevent>(end)),
                    "cuEventElapsedTime");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_create_flags(arrayc_rt_event *event,
                                                            uint32_t flags) {
  if (!event)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID,
                               "arrayc_rt_event_create_flags: null result");
  *event = nullptr;
  if (flags & ~(ARRAYC_RT_EVENT_BLOCKING_SYNC | ARRAYC_RT_EVENT_DISABLE_TIMING))
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_event_create_flags: unknown "
                                                      "flags 0x%x", flags);
  if (!driverUsable())
    return noDriver();
  unsigned cuFlags = CU_EVENT_DEFAULT;
  if (flags & ARRAYC_RT_EVENT_BLOCKING_SYNC)
    cuFlags |= CU_EVENT_BLOCKING_SYNC;
  if (flags & ARRAYC_RT_EVENT_DISABLE_TIMING)
    cuFlags |= CU_EVENT_DISABLE_TIMING;
  ScopedContext ctx;
  CUevent e = nullptr;
  arrayc_rt_status st = cudaStatus(cuEventCreate(&e, cuFlags), "cuEventCreate");
  if (st == ARRAYC_RT_OK)
    *event = reinterpret_cast<arrayc_rt_event>(e);
  return st;
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_event_query(arrayc_rt_event event, int32_t *done) {
  if (!done)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_event_query: null result");
  graphs::flush(); // a record's work recorded for a graph goes out first
  ScopedContext ctx;
  CUresult r = cuEventQuery(reinterpret_cast<CUevent>(event));
  *done = r == CUDA_SUCCESS ? 1 : 0;
  return r == CUDA_ERROR_NOT_READY ? ARRAYC_RT_OK : cudaStatus(r, "cuEventQuery");
}

ARRAYC_RT_API arrayc_rt_status arrayc_rt_stream_handle(arrayc_rt_stream stream,
                                                       uintptr_t *handle) {
  if (!handle)
    return arrayc_rt::setError(ARRAYC_RT_ERR_INVALID, "arrayc_rt_stream_handle: null result");
  if (!driverUsable())
    return noDriver();
  *handle = reinterpret_cast<uintptr_t>(stream ? reinterpret_cast<CUstream>(stream)
                                               : sharedStream());
  return ARRAYC_RT_OK;
}

} // extern "C"
