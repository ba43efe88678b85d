// mgpu* ABI used by MLIR 22 gpu-to-llvm host code, on the CUDA driver API
// (kernels loaded per device, launches, streams, events, memory), the device
// memory hooks of the core runtime, and runtime.h's streams and events. The
// devices themselves -- their contexts, pools and default streams, the
// current device -- are cuda_device.cpp's.
#include "arrayc_rt/runtime.h"
#include "arrayc_rt/events.h"

#include <cuda.h>

#include "cuda_device.h"
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

using namespace arrayc_rt::cuda;

namespace {
namespace graphs = arrayc_rt::graphs;

// ---- device hooks for the core runtime -------------------------------------
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

// For the NCCL collectives (coll_nccl.cpp, libarrayc_runtime_nccl): the
// current device's context made current on the calling thread, and the stream
// the math libraries queue on (cuda_libs.h's stream(): held-back kernels first).
ARRAYC_RT_API void *arrayc_rt_cuda_library_stream(void) {
  arrayc_rt::cuda::makeContextCurrent();
  return arrayc_rt::cuda::stream();
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
