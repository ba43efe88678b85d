//===- Context.h - libarrayc: contexts and the cuda runtime's entries -*- C++ -*-===//
//
// What the C API's files share (CAPI.cpp: contexts, compiles, arrays and
// calls, devices; Events.cpp: events and NVTX ranges): the
// thread's last error, the cuda runtime's entry points (resolved when a cuda
// context is made), a context's state, and the scopes that make a context's
// device and stream current.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_API_CONTEXT_H
#define ARRAYC_API_CONTEXT_H

#include "arrayc/arrayc.h"
#include "arrayc_rt/events.h"
#include "arrayc_rt/runtime.h"

#include "Compiler/Cache.h"

#include "llvm/Support/DynamicLibrary.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

// NVTX 3 (header-only, from the CUDA toolkit; lib/API/CMakeLists.txt finds it):
// ranges cost a branch unless a profiler (Nsight Systems) injects itself.
#ifndef ARRAYC_HAVE_NVTX
#define ARRAYC_HAVE_NVTX 0
#endif
#if ARRAYC_HAVE_NVTX
#include <nvtx3/nvToolsExt.h>
#endif

struct ModuleImpl;

namespace arrayc::api {

/// Records `message` as this thread's last error (arrayc_last_error) and
/// returns `status`.
arrayc_status failure(arrayc_status status, const std::string &message);

/// The runtime's CUDA entry points, resolved once libarrayc_runtime_cuda is
/// loaded (libarrayc never links it: it needs the CUDA driver).
struct CudaRuntime {
  using Stream = void *;
  void *(*memAlloc)(uint64_t, Stream, bool) = nullptr;
  void (*memFree)(void *, Stream) = nullptr;
  void (*memcpy)(void *, void *, size_t, Stream) = nullptr;
  Stream (*currentCuStream)() = nullptr; // mgpuStreamCreate: the thread's stream
  // The declarations' own types (runtime.h): a call through a pointer of
  // another type is undefined (UBSan's -fsanitize=function reports it).
  decltype(&arrayc_rt_cuda_device_count) deviceCount = nullptr;
  decltype(&arrayc_rt_set_device) setDevice = nullptr;
  decltype(&arrayc_rt_get_device) getDevice = nullptr;
  decltype(&arrayc_rt_device_scope_enter) deviceScopeEnter = nullptr;
  decltype(&arrayc_rt_device_scope_exit) deviceScopeExit = nullptr;
  decltype(&arrayc_rt_set_current_stream) setCurrentStreamFn = nullptr;
  decltype(&arrayc_rt_current_stream) currentStream = nullptr;
  decltype(&arrayc_rt_stream_synchronize) streamSynchronizeFn = nullptr;
  decltype(&arrayc_rt_stream_create) streamCreateFn = nullptr;
  decltype(&arrayc_rt_stream_destroy) streamDestroyFn = nullptr;
  // libarrayc holds streams as void * (arrayc.h); the runtime's type is opaque.
  static arrayc_rt_stream typed(void *s) { return static_cast<arrayc_rt_stream>(s); }
  int setCurrentStream(void *s) const { return setCurrentStreamFn(typed(s)); }
  int streamSynchronize(void *s) const { return streamSynchronizeFn(typed(s)); }
  int streamDestroy(void *s) const { return streamDestroyFn(typed(s)); }
  int streamCreate(void **s) const {
    return streamCreateFn(reinterpret_cast<arrayc_rt_stream *>(s));
  }
  decltype(&arrayc_rt_pool_used_bytes) poolUsed = nullptr;
  decltype(&arrayc_rt_pool_total_bytes) poolTotal = nullptr;
  decltype(&arrayc_rt_pool_free_all_blocks) poolTrim = nullptr;
  decltype(&arrayc_rt_pool_set_limit) poolSetLimit = nullptr;
  decltype(&arrayc_rt_last_error) lastError = nullptr;
  decltype(&arrayc_rt_event_create_flags) eventCreate = nullptr;
  decltype(&arrayc_rt_event_destroy) eventDestroy = nullptr;
  decltype(&arrayc_rt_event_record) eventRecord = nullptr;
  decltype(&arrayc_rt_event_synchronize) eventSynchronize = nullptr;
  decltype(&arrayc_rt_event_query) eventQuery = nullptr;
  decltype(&arrayc_rt_event_elapsed_ms) eventElapsedMs = nullptr;
  decltype(&arrayc_rt_stream_wait_event) streamWaitEventFn = nullptr;
  decltype(&arrayc_rt_stream_handle) streamHandleFn = nullptr;
  int streamWaitEvent(void *s, void *e) const {
    return streamWaitEventFn(typed(s), static_cast<arrayc_rt_event>(e));
  }
  int streamHandle(void *s, uintptr_t *h) const { return streamHandleFn(typed(s), h); }

  bool resolve() {
    auto sym = [](const char *name) {
      return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
    };
#define ARRAYC_RESOLVE(field, name)                                                     \
  field = reinterpret_cast<decltype(field)>(sym(name));                                 \
  if (!field)                                                                           \
    return false;
    ARRAYC_RESOLVE(memAlloc, "mgpuMemAlloc")
    ARRAYC_RESOLVE(memFree, "mgpuMemFree")
    ARRAYC_RESOLVE(memcpy, "mgpuMemcpy")
    ARRAYC_RESOLVE(currentCuStream, "mgpuStreamCreate")
    ARRAYC_RESOLVE(deviceCount, "arrayc_rt_cuda_device_count")
    ARRAYC_RESOLVE(setDevice, "arrayc_rt_set_device")
    ARRAYC_RESOLVE(getDevice, "arrayc_rt_get_device")
    ARRAYC_RESOLVE(deviceScopeEnter, "arrayc_rt_device_scope_enter")
    ARRAYC_RESOLVE(deviceScopeExit, "arrayc_rt_device_scope_exit")
    ARRAYC_RESOLVE(setCurrentStreamFn, "arrayc_rt_set_current_stream")
    ARRAYC_RESOLVE(currentStream, "arrayc_rt_current_stream")
    ARRAYC_RESOLVE(streamSynchronizeFn, "arrayc_rt_stream_synchronize")
    ARRAYC_RESOLVE(streamCreateFn, "arrayc_rt_stream_create")
    ARRAYC_RESOLVE(streamDestroyFn, "arrayc_rt_stream_destroy")
    ARRAYC_RESOLVE(poolUsed, "arrayc_rt_pool_used_bytes")
    ARRAYC_RESOLVE(poolTotal, "arrayc_rt_pool_total_bytes")
    ARRAYC_RESOLVE(poolTrim, "arrayc_rt_pool_free_all_blocks")
    ARRAYC_RESOLVE(poolSetLimit, "arrayc_rt_pool_set_limit")
    ARRAYC_RESOLVE(lastError, "arrayc_rt_last_error")
    ARRAYC_RESOLVE(eventCreate, "arrayc_rt_event_create_flags")
    ARRAYC_RESOLVE(eventDestroy, "arrayc_rt_event_destroy")
    ARRAYC_RESOLVE(eventRecord, "arrayc_rt_event_record")
    ARRAYC_RESOLVE(eventSynchronize, "arrayc_rt_event_synchronize")
    ARRAYC_RESOLVE(eventQuery, "arrayc_rt_event_query")
    ARRAYC_RESOLVE(eventElapsedMs, "arrayc_rt_event_elapsed_ms")
    ARRAYC_RESOLVE(streamWaitEventFn, "arrayc_rt_stream_wait_event")
    ARRAYC_RESOLVE(streamHandleFn, "arrayc_rt_stream_handle")
#undef ARRAYC_RESOLVE
    return true;
  }
};

/// Loads the runtime libraries of a target into the process, once: the cuda
/// runtime's entry points, or null with `error` (CAPI.cpp).
const CudaRuntime *loadRuntime(bool cuda, std::string &error);

/// Makes `device` the runtime's current device on this thread for a scope
/// (arrayc_rt_device_scope_enter: a thread-local store), restoring the
/// previous one and the thread's CUDA context after it (CuPy's or PyTorch's
/// current device stays theirs); nothing when `rt` is null (the cpu target).
class OnDevice {
public:
  OnDevice(const CudaRuntime *rt, int device) : rt(rt) {
    if (rt)
      rt->deviceScopeEnter(device, &saved);
  }
  ~OnDevice() {
    if (rt)
      rt->deviceScopeExit(&saved);
  }
  OnDevice(const OnDevice &) = delete;
  OnDevice &operator=(const OnDevice &) = delete;

private:
  const CudaRuntime *rt;
  arrayc_rt_device_scope saved{};
};

struct ContextImpl {
  bool cuda = false;
  int device = -1;
  void *stream = nullptr;
  bool ownsStream = false;
  std::string gpuArch;
  compiler::CacheSettings cache;
  bool memoryCache = true;
  bool verbose = false;
  const CudaRuntime *rt = nullptr;
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<ModuleImpl>> modules;
  ~ContextImpl() {
    if (ownsStream) {
      OnDevice on(rt, device);
      rt->streamDestroy(stream); // waits for its work first
    }
  }
};

/// Makes the context's device and stream current on this thread for a scope
/// (the runtime's current device and its current stream there), restoring
/// both after; nothing on the cpu target.
class OnStream {
public:
  explicit OnStream(const ContextImpl &ctx, void *stream = nullptr)
      : ctx(ctx), device(ctx.cuda ? ctx.rt : nullptr, ctx.device) {
    if (!ctx.cuda)
      return;
    saved = ctx.rt->currentStream();
    ctx.rt->setCurrentStream(stream ? stream : ctx.stream);
  }
  ~OnStream() {
    if (ctx.cuda)
      ctx.rt->setCurrentStream(saved);
  }
  OnStream(const OnStream &) = delete;
  OnStream &operator=(const OnStream &) = delete;

private:
  const ContextImpl &ctx;
  OnDevice device; // made current before the stream, restored after it
  void *saved = nullptr;
};

/// An NVTX range for a scope (Nsight Systems' NVTX row); nothing without
/// NVTX's header at build time, and a no-op unless a profiler is attached.
class Range {
public:
  explicit Range(const char *message) {
#if ARRAYC_HAVE_NVTX
    nvtxRangePushA(message);
#else
    (void)message;
#endif
  }
  ~Range() {
#if ARRAYC_HAVE_NVTX
    nvtxRangePop();
#endif
  }
  Range(const Range &) = delete;
  Range &operator=(const Range &) = delete;
};

} // namespace arrayc::api

struct arrayc_context_t {
  std::shared_ptr<arrayc::api::ContextImpl> impl;
};
struct arrayc_event_t {
  std::shared_ptr<arrayc::api::ContextImpl> context; // a cuda context
  void *event;                                       // an arrayc_rt_event
};

#endif // ARRAYC_API_CONTEXT_H
