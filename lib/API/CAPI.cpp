//===- CAPI.cpp - libarrayc: the embedding C API --------------------------===//
//
// Contexts hold the target, device, stream, cache settings and the in-memory
// cache (key -> loaded module). Compiles go through compiler::compileCached
// (the path `arrayc run` takes) and load with jit::LoadedObject; calls go
// through each function's packed entry point `_arrayc_packed_<name>`
// (JIT.h), with arguments checked against the signature first.
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.h"
#include "arrayc_rt/dtypes.h"
#include "arrayc_rt/events.h"
#include "arrayc_rt/runtime.h"

#include "Compiler/Cache.h"
#include "Compiler/Compile.h"
#include "Compiler/Toolchain.h"
#include "Transforms/Shard.h"
#include "JIT/JIT.h"

#include "ArrayLayout.h"
#include "Context.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <numeric>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

using namespace arrayc;
using namespace arrayc::api;

namespace {

// arrayc/arrayc.h writes the status codes out too; the code space is the
// runtime's (arrayc_rt/status.def), so a runtime status is an API status.
#define ARRAYC_STATUS(ID, CODE, DESCRIPTION)                                               \
  static_assert(ARRAYC_##ID == CODE && ARRAYC_RT_##ID == CODE,                             \
                "arrayc.h's ARRAYC_" #ID " is not status.def's code");
#include "arrayc_rt/status.def"

/// This thread's message of the last failure, the API's half of the one
/// message channel: the runtime's messages (arrayc_rt_last_error) are copied
/// here with the API call's context, as libarrayc loads the runtime only when
/// a context is made and must report failures before that.
thread_local std::string lastError;

/// The status a call reports for a failure inside compiled code: out of
/// memory and device failures as they are, any other code (a failed assert,
/// a .npy or linalg error) as ERR_RUNTIME, "the compiled code failed".
arrayc_status callFailureStatus(arrayc_rt_status status) {
  if (status == ARRAYC_RT_ERR_NOMEM || status == ARRAYC_RT_ERR_DEVICE)
    return static_cast<arrayc_status>(status);
  return ARRAYC_ERR_RUNTIME;
}

// arrayc/arrayc.h writes its dtype enum out (installed users include it
// alone); the table it must match is arrayc_rt/dtypes.def.
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)                 \
  static_assert(ARRAYC_##ID == CODE && ARRAYC_RT_##ID == CODE,                             \
                "arrayc.h's ARRAYC_" #ID " is not dtypes.def's code");
#include "arrayc_rt/dtypes.def"

/// The core runtime's recoverable regions (arrayc_rt/runtime.h): a failure
/// of compiled code inside a call ends the call, not the process.
struct Regions {
  decltype(&arrayc_rt_region_begin) begin = nullptr;
  decltype(&arrayc_rt_region_end) end = nullptr;
  decltype(&arrayc_rt_region_message) message = nullptr;
  decltype(&arrayc_rt_region_status) status = nullptr;

  bool resolve() {
    auto sym = [](const char *name) {
      return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
    };
    begin = reinterpret_cast<decltype(begin)>(sym("arrayc_rt_region_begin"));
    end = reinterpret_cast<decltype(end)>(sym("arrayc_rt_region_end"));
    message = reinterpret_cast<decltype(message)>(sym("arrayc_rt_region_message"));
    status = reinterpret_cast<decltype(status)>(sym("arrayc_rt_region_status"));
    return begin && end && message && status;
  }
};
Regions regions; // resolved by loadRuntime before any call

/// The core runtime's free of a host buffer its compiled code allocated (a
/// result): back to the host cache (runtime/src/host_memory.cpp). Resolved
/// with `regions`.
decltype(&arrayc_rt_free) hostFree = nullptr;

/// Runs `body` (runtime work: device allocations, copies, compiled code) in a
/// recoverable region: a runtime failure inside it (an assert, out of memory,
/// a CUDA error) becomes an error status with the runtime's message, `what:`
/// first, and the device memory the body allocated and did not free is freed.
template <typename Body>
arrayc_status guarded(const std::string &what, Body &&body) {
  bool failed = false;
  regions.begin();
  try {
    body();
  } catch (...) {
    failed = true;
  }
  regions.end(failed);
  if (!failed)
    return ARRAYC_OK;
  return failure(callFailureStatus(regions.status()), what + ": " + regions.message());
}

} // namespace

arrayc_status arrayc::api::failure(arrayc_status status, const std::string &message) {
  lastError = message;
  return status;
}

const CudaRuntime *arrayc::api::loadRuntime(bool cuda, std::string &error) {
  static std::mutex mutex;
  static CudaRuntime cudaRuntime;
  static bool cudaTried = false, cudaOk = false;
  static std::string cudaError;
  if (auto err = jit::loadSharedLibraries(toolchain::jitRuntimeLibs(false))) {
    error = llvm::toString(std::move(err));
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (!regions.begin && !regions.resolve()) {
    error = "the runtime lacks its region entry points";
    return nullptr;
  }
  if (!hostFree &&
      !(hostFree = reinterpret_cast<decltype(hostFree)>(
            llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("arrayc_rt_free")))) {
    error = "the runtime lacks arrayc_rt_free";
    return nullptr;
  }
  if (!cuda)
    return &cudaRuntime; // unused on the cpu target
  if (!cudaTried) {
    cudaTried = true;
    if (auto err = jit::loadSharedLibraries(toolchain::jitRuntimeLibs(true)))
      cudaError = "the cuda runtime: " + llvm::toString(std::move(err));
    else if (!cudaRuntime.resolve())
      cudaError = "the cuda runtime lacks an entry point";
    else
      cudaOk = true;
  }
  if (!cudaOk) {
    error = cudaError;
    return nullptr;
  }
  return &cudaRuntime;
}


struct arrayc_function_t {
  FunctionSignature signature;
  void (*packed)(void **) = nullptr;
  struct ModuleImpl *module = nullptr;
};

struct ModuleImpl {
  std::shared_ptr<ContextImpl> context;
  std::unique_ptr<jit::LoadedObject> object;
  std::vector<std::unique_ptr<arrayc_function_t>> functions;
};

namespace {
/// What `arrayc_array::owner` points to.
struct Owner {
  void *allocated;
  int device; // -1: host memory
  const CudaRuntime *rt;
};

/// `a` (its device field set) owns `allocated`.
void setOwned(arrayc_array &a, void *allocated, const CudaRuntime *rt) {
  a.owner = new Owner{allocated, a.device, rt};
}

std::string describe(const ValueSignature &v) {
  std::string s = std::string(dtypeName(v.dtype)) + "[";
  for (size_t i = 0; i < v.rank(); ++i)
    s += (i ? ", " : "") + (v.dims[i] < 0 ? v.names[i] : std::to_string(v.dims[i]));
  return s + "]";
}

/// CuPy's words for an operand on another device than the context's (the
/// current one of its calls): cupy/_core/_kernel.pyx, _check_peer_access.
/// Peer access is never used: the caller copies the array.
std::string otherDevice(const arrayc_array &a, const ContextImpl &ctx) {
  return "the device where the array resides (" + std::to_string(a.device) +
         ") is different from the current device (" + std::to_string(ctx.device) +
         "); peer access is not used: copy the array to the current device";
}

void fillInfo(const ValueSignature &v, arrayc_value_info *out) {
  std::memset(out, 0, sizeof(*out));
  out->name = v.name.c_str();
  out->dtype = v.dtype;
  out->rank = static_cast<int32_t>(v.rank());
  for (size_t i = 0; i < v.rank() && i < ARRAYC_MAX_RANK; ++i) {
    out->dims[i] = v.dims[i];
    out->dim_names[i] = v.names[i].c_str();
  }
  out->written = v.written ? 1 : 0;
}

} // namespace

struct arrayc_module_t {
  std::shared_ptr<ModuleImpl> impl;
};

extern "C" {

const char *arrayc_version(void) { return ARRAYC_VERSION; }
const char *arrayc_last_error(void) { return lastError.c_str(); }

void arrayc_context_options_init(arrayc_context_options *o) {
  std::memset(o, 0, sizeof(*o));
  o->target = ARRAYC_TARGET_AUTO;
  o->cache = -1;
  o->verbose = -1;
}

void arrayc_compile_options_init(arrayc_compile_options *o) {
  std::memset(o, 0, sizeof(*o));
  o->opt_level = 2;
  o->fusion = 1;
  o->blas = 1;
  o->graphs = 1;
}

arrayc_status arrayc_context_create(const arrayc_context_options *options,
                                    arrayc_context *out) {
  if (!out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_context_create: out is NULL");
  *out = nullptr;
  arrayc_context_options o;
  arrayc_context_options_init(&o);
  if (options)
    o = *options;
  auto ctx = std::make_shared<ContextImpl>();
  std::optional<std::string> arch = toolchain::usableGPUArch();
  switch (o.target) {
  case ARRAYC_TARGET_AUTO:
    ctx->cuda = arch.has_value();
    break;
  case ARRAYC_TARGET_CPU:
    break;
  case ARRAYC_TARGET_CUDA:
    if (!toolchain::cudaTargetBuilt())
      return failure(ARRAYC_ERR_DEVICE, "this arrayc was built without CUDA: only the cpu "
                                        "target is available");
    if (!arch)
      return failure(ARRAYC_ERR_DEVICE, "the cuda target needs a usable GPU (no CUDA driver "
                                        "or device found)");
    ctx->cuda = true;
    break;
  default:
    return failure(ARRAYC_ERR_INVALID, "unknown target " + std::to_string(o.target));
  }
  std::string error;
  ctx->rt = loadRuntime(ctx->cuda, error);
  if (!ctx->rt)
    return failure(ARRAYC_ERR_DEVICE, error);
  if (ctx->cuda) {
    // The context's device is made current around each of its operations
    // (OnDevice, OnStream): the calling thread's current device is left as
    // it was.
    int count = ctx->rt->deviceCount();
    if (o.device < 0 || o.device >= count)
      return failure(ARRAYC_ERR_DEVICE, "invalid device ordinal: no cuda device " +
                                            std::to_string(o.device) + " (" +
                                            std::to_string(count) +
                                            (count == 1 ? " device)" : " devices)"));
    OnDevice on(ctx->rt, o.device);
    if (ctx->rt->getDevice() != o.device)
      return failure(ARRAYC_ERR_DEVICE, std::string("cannot use cuda device ") +
                                            std::to_string(o.device) + ": " +
                                            ctx->rt->lastError());
    ctx->device = o.device;
    ctx->stream = o.stream;
    ctx->gpuArch = *arch;
    if (o.own_stream) {
      if (o.stream)
        return failure(ARRAYC_ERR_INVALID, "own_stream and stream exclude each other");
      if (ctx->rt->streamCreate(&ctx->stream) != 0)
        return failure(ARRAYC_ERR_DEVICE,
                       std::string("cannot create a stream: ") + ctx->rt->lastError());
      ctx->ownsStream = true;
    }
    if (o.pool_limit)
      ctx->rt->poolSetLimit(static_cast<size_t>(o.pool_limit));
  }
  ctx->cache = compiler::defaultCacheSettings();
  if (o.cache == 0)
    ctx->cache.enabled = false;
  else if (o.cache == 1)
    ctx->cache.enabled = true;
  ctx->memoryCache = ctx->cache.enabled;
  if (o.cache_dir)
    ctx->cache.dir = o.cache_dir;
  const char *verbose = std::getenv("ARRAYC_VERBOSE");
  ctx->verbose = o.verbose == 1 || (o.verbose < 0 && verbose && std::strcmp(verbose, "1") == 0);
  *out = new arrayc_context_t{std::move(ctx)};
  return ARRAYC_OK;
}

void arrayc_context_release(arrayc_context context) { delete context; }

arrayc_target arrayc_context_target(arrayc_context context) {
  return !context ? ARRAYC_TARGET_AUTO
         : context->impl->cuda ? ARRAYC_TARGET_CUDA
                               : ARRAYC_TARGET_CPU;
}

int32_t arrayc_context_device(arrayc_context context) {
  return context && context->impl->cuda ? context->impl->device : -1;
}

int32_t arrayc_cuda_device_count(void) {
  if (!toolchain::cudaTargetBuilt() || !toolchain::usableGPUArch())
    return 0;
  std::string error;
  const CudaRuntime *rt = loadRuntime(true, error);
  return rt ? rt->deviceCount() : 0;
}

void *arrayc_context_stream(arrayc_context context) {
  return context ? context->impl->stream : nullptr;
}

arrayc_status arrayc_context_pool_usage(arrayc_context context, uint64_t *used,
                                        uint64_t *cached) {
  if (!context || !used || !cached)
    return failure(ARRAYC_ERR_INVALID, "arrayc_context_pool_usage: NULL argument");
  *used = *cached = 0;
  if (context->impl->cuda) {
    OnDevice on(context->impl->rt, context->impl->device); // that device's pool
    *used = context->impl->rt->poolUsed();
    *cached = context->impl->rt->poolTotal() - *used;
  }
  return ARRAYC_OK;
}

arrayc_status arrayc_context_pool_trim(arrayc_context context) {
  if (!context)
    return failure(ARRAYC_ERR_INVALID, "arrayc_context_pool_trim: NULL context");
  if (context->impl->cuda) {
    OnDevice on(context->impl->rt, context->impl->device);
    context->impl->rt->poolTrim();
  }
  return ARRAYC_OK;
}

arrayc_status arrayc_context_pool_set_limit(arrayc_context context, uint64_t bytes) {
  if (!context)
    return failure(ARRAYC_ERR_INVALID, "arrayc_context_pool_set_limit: NULL context");
  if (context->impl->cuda) {
    OnDevice on(context->impl->rt, context->impl->device);
    context->impl->rt->poolSetLimit(static_cast<size_t>(bytes));
  }
  return ARRAYC_OK;
}

arrayc_status arrayc_stream_create(arrayc_context context, void **out) {
  if (!context || !out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_stream_create: NULL argument");
  *out = nullptr;
  ContextImpl &ctx = *context->impl;
  OnDevice on(ctx.cuda ? ctx.rt : nullptr, ctx.device); // a stream of the context's device
  if (ctx.cuda && ctx.rt->streamCreate(out) != 0)
    return failure(ARRAYC_ERR_DEVICE,
                   std::string("cannot create a stream: ") + ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_stream_destroy(arrayc_context context, void *stream) {
  if (!context)
    return failure(ARRAYC_ERR_INVALID, "arrayc_stream_destroy: NULL context");
  ContextImpl &ctx = *context->impl;
  OnDevice on(ctx.cuda ? ctx.rt : nullptr, ctx.device);
  if (ctx.cuda && stream && ctx.rt->streamDestroy(stream) != 0)
    return failure(ARRAYC_ERR_DEVICE, ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_stream_synchronize(arrayc_context context, void *stream) {
  if (!context)
    return failure(ARRAYC_ERR_INVALID, "arrayc_stream_synchronize: NULL context");
  ContextImpl &ctx = *context->impl;
  OnDevice on(ctx.cuda ? ctx.rt : nullptr, ctx.device);
  if (ctx.cuda && ctx.rt->streamSynchronize(stream ? stream : ctx.stream) != 0)
    return failure(ARRAYC_ERR_DEVICE, ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_context_synchronize(arrayc_context context) {
  if (!context)
    return failure(ARRAYC_ERR_INVALID, "arrayc_context_synchronize: NULL context");
  ContextImpl &ctx = *context->impl;
  OnDevice on(ctx.cuda ? ctx.rt : nullptr, ctx.device);
  if (ctx.cuda && ctx.rt->streamSynchronize(ctx.stream) != 0)
    return failure(ARRAYC_ERR_DEVICE, ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_stream_handle(arrayc_context context, void *stream, uintptr_t *out) {
  if (!context || !out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_stream_handle: NULL context or out");
  *out = 0;
  const ContextImpl &ctx = *context->impl;
  if (!ctx.cuda)
    return failure(ARRAYC_ERR_DEVICE, "arrayc_stream_handle: the context's target is cpu");
  OnDevice on(ctx.rt, ctx.device);
  if (ctx.rt->streamHandle(stream ? stream : ctx.stream, out) != ARRAYC_RT_OK)
    return failure(ARRAYC_ERR_DEVICE, std::string("arrayc_stream_handle: ") + ctx.rt->lastError());
  return ARRAYC_OK;
}

arrayc_status arrayc_compile(arrayc_context context, const char *source, size_t length,
                             const arrayc_compile_options *options, arrayc_module *out) {
  if (!context || !source || !out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_compile: NULL context, source or out");
  *out = nullptr;
  Range range("arrayc_compile");
  std::shared_ptr<ContextImpl> ctx = context->impl;
  arrayc_compile_options o;
  arrayc_compile_options_init(&o);
  if (options)
    o = *options;
  compiler::Options copts;
  copts.cuda = ctx->cuda;
  copts.gpuArch = o.gpu_arch && *o.gpu_arch ? o.gpu_arch : ctx->cuda ? ctx->gpuArch : "sm_90";
  if (o.opt_level < 0 || o.opt_level > 3)
    return failure(ARRAYC_ERR_INVALID, "opt_level must be 0 to 3");
  copts.optLevel = static_cast<unsigned>(o.opt_level);
  copts.fusion = o.fusion != 0;
  copts.blas = o.blas != 0;
  copts.tf32 = o.tf32 != 0;
  copts.graphs = o.graphs != 0;
  copts.precision = o.precision ? o.precision : "";
  copts.gpuFormat = o.gpu_format ? o.gpu_format : "";
  // A mesh: the exported functions run SPMD (docs/distributed.md); checked as
  // the driver checks --mesh/--shard.
  copts.mesh = o.mesh ? o.mesh : "";
  if (o.shard)
    for (llvm::StringRef spec : llvm::split(llvm::StringRef(o.shard), ','))
      if (!spec.trim().empty())
        copts.shard.push_back(spec.trim().str());
  if (copts.mesh.empty() != copts.shard.empty())
    return failure(ARRAYC_ERR_INVALID, copts.mesh.empty()
                                           ? "shard needs a mesh (\"2\", \"2x2\")"
                                           : "a mesh needs shard (\"FUNC:ARG=DIM,...\")");
  if (!copts.mesh.empty()) {
    std::string error;
    if (!arrayc::parseMesh(copts.mesh, error))
      return failure(ARRAYC_ERR_INVALID, "mesh '" + copts.mesh + "': " + error);
    for (const std::string &spec : copts.shard)
      if (!arrayc::parseShardSpec(spec, error))
        return failure(ARRAYC_ERR_INVALID, "shard '" + spec + "': " + error);
    if (!copts.cuda && !toolchain::mpiRuntimeBuilt())
      return failure(ARRAYC_ERR_INVALID,
                     "a mesh on the cpu target needs the MPI runtime, which this arrayc was "
                     "built without (CMake found no MPI)");
    copts.shardVerbose = ctx->verbose;
  }
  copts = compiler::withJITDefaults(copts);
  if (auto err = compiler::pipelineOptions(copts).takeError())
    return failure(ARRAYC_ERR_INVALID, llvm::toString(std::move(err)));
  llvm::StringRef text(source, length);
  std::string name = o.name && *o.name ? o.name : "<source>";

  std::string log;
  llvm::raw_string_ostream logOS(log);
  auto flushLog = [&] {
    if (ctx->verbose && !log.empty()) {
      llvm::errs() << log;
      llvm::errs().flush();
    }
  };
  std::string key = compiler::cacheKey(text, name, copts);
  if (ctx->memoryCache) {
    std::lock_guard<std::mutex> lock(ctx->mutex);
    auto it = ctx->modules.find(key);
    if (it != ctx->modules.end()) {
      logOS << "arrayc: cache: key " << key << ": hit (memory)\n";
      flushLog();
      *out = new arrayc_module_t{it->second};
      return ARRAYC_OK;
    }
  }
  auto start = std::chrono::steady_clock::now();
  auto artifact = compiler::compileCached(text, name, copts, ctx->cache, &logOS);
  if (!artifact) {
    flushLog();
    return failure(ARRAYC_ERR_COMPILE, llvm::toString(artifact.takeError()));
  }
  auto loadStart = std::chrono::steady_clock::now();
  // Its kernel modules load into the context's device first (other devices
  // load them on their first launch).
  OnDevice onDevice(ctx->cuda ? ctx->rt : nullptr, ctx->device);
  auto object = jit::LoadedObject::load((*artifact)->object, toolchain::jitRuntimeLibs(ctx->cuda, !copts.mesh.empty()));
  auto end = std::chrono::steady_clock::now();
  auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
  char line[160];
  std::snprintf(line, sizeof(line),
                "arrayc: compile: %.1f ms to a callable (%.1f ms of it loading: ORC link%s)\n",
                ms(end - start), ms(end - loadStart), ctx->cuda ? ", kernel modules" : "");
  logOS << line;
  flushLog();
  if (!object)
    return failure(ARRAYC_ERR_COMPILE, "cannot load the compiled code: " +
                                           llvm::toString(object.takeError()));
  auto module = std::make_shared<ModuleImpl>();
  module->context = ctx;
  module->object = std::move(*object);
  for (FunctionSignature &sig : (*artifact)->functions) {
    auto fn = std::make_unique<arrayc_function_t>();
    fn->packed = reinterpret_cast<void (*)(void **)>(
        module->object->lookup("_arrayc_packed_" + sig.name));
    if (!fn->packed)
      return failure(ARRAYC_ERR_COMPILE, "internal error: no entry point for '" + sig.name + "'");
    fn->signature = std::move(sig);
    fn->module = module.get();
    module->functions.push_back(std::move(fn));
  }
  if (ctx->memoryCache) {
    std::lock_guard<std::mutex> lock(ctx->mutex);
    // Another thread may have won the race: both modules are correct; keep one.
    auto inserted = ctx->modules.emplace(key, module);
    module = inserted.first->second;
  }
  *out = new arrayc_module_t{std::move(module)};
  return ARRAYC_OK;
}

arrayc_status arrayc_compile_file(arrayc_context context, const char *path,
                                  const arrayc_compile_options *options, arrayc_module *out) {
  if (!path)
    return failure(ARRAYC_ERR_INVALID, "arrayc_compile_file: NULL path");
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return failure(ARRAYC_ERR_NOT_FOUND,
                   std::string("cannot open '") + path + "': " + file.getError().message());
  arrayc_compile_options o;
  arrayc_compile_options_init(&o);
  if (options)
    o = *options;
  if (!o.name || !*o.name)
    o.name = path;
  return arrayc_compile(context, (*file)->getBufferStart(), (*file)->getBufferSize(), &o, out);
}

void arrayc_module_release(arrayc_module module) { delete module; }

int32_t arrayc_module_num_functions(arrayc_module module) {
  return module ? static_cast<int32_t>(module->impl->functions.size()) : 0;
}

arrayc_function arrayc_module_function(arrayc_module module, int32_t index) {
  if (!module || index < 0 || index >= arrayc_module_num_functions(module))
    return nullptr;
  return module->impl->functions[index].get();
}

arrayc_status arrayc_module_lookup(arrayc_module module, const char *name,
                                   arrayc_function *out) {
  if (!module || !name || !out)
    return failure(ARRAYC_ERR_INVALID, "arrayc_module_lookup: NULL module, name or out");
  *out = nullptr;
  std::string names;
  for (auto &fn : module->impl->functions) {
    if (fn->signature.name == name) {
      *out = fn.get();
      return ARRAYC_OK;
    }
    names += (names.empty() ? "" : ", ") + fn->signature.name;
  }
  return failure(ARRAYC_ERR_NOT_FOUND,
                 std::string("no exported function '") + name + "' (the module has: " +
                     (names.empty() ? "none" : names) + ")");
}

const char *arrayc_function_name(arrayc_function fn) {
  return fn ? fn->signature.name.c_str() : "";
}
int32_t arrayc_function_num_params(arrayc_function fn) {
  return fn ? static_cast<int32_t>(fn->signature.params.size()) : 0;
}
int32_t arrayc_function_num_results(arrayc_function fn) {
  return fn ? static_cast<int32_t>(fn->signature.results.size()) : 0;
}
arrayc_status arrayc_function_param(arrayc_function fn, int32_t index, arrayc_value_info *out) {
  if (!fn || !out || index < 0 || index >= arrayc_function_num_params(fn))
    return failure(ARRAYC_ERR_INVALID, "arrayc_function_param: bad function or index");
  fillInfo(fn->signature.params[index], out);
  return ARRAYC_OK;
}
arrayc_status arrayc_function_result(arrayc_function fn, int32_t index,
                                     arrayc_value_info *out) {
  if (!fn || !out || index < 0 || index >= arrayc_function_num_results(fn))
    return failure(ARRAYC_ERR_INVALID, "arrayc_function_result: bad function or index");
  fillInfo(fn->signature.results[index], out);
  return ARRAYC_OK;
}

void arrayc_array_init(arrayc_array *a, void *data, int32_t dtype, int32_t rank,
                       const int64_t *shape, const int64_t *strides, int32_t device) {
  // `shape` and `strides` may point into `*a` itself (a result re-made
  // around a copy): read them before `*a` is cleared.
  int64_t given[2][ARRAYC_MAX_RANK] = {};
  int32_t n = rank < 0 ? 0 : rank > ARRAYC_MAX_RANK ? ARRAYC_MAX_RANK : rank;
  for (int i = 0; i < n; ++i) {
    given[0][i] = shape ? shape[i] : 0;
    given[1][i] = strides ? strides[i] : 0;
  }
  shape = shape ? given[0] : nullptr;
  strides = strides ? given[1] : nullptr;
  std::memset(a, 0, sizeof(*a));
  a->data = data;
  a->dtype = dtype;
  a->rank = rank < 0 ? 0 : rank > ARRAYC_MAX_RANK ? ARRAYC_MAX_RANK : rank;
  a->device = device;
  int64_t stride = 1;
  for (int i = a->rank - 1; i >= 0; --i) {
    a->shape[i] = shape ? shape[i] : 0;
    a->strides[i] = strides ? strides[i] : stride;
    // Wraps (defined) for sizes that overflow: such arrays are refused by
    // every call (arrayc_array_size is -1).
    (void)__builtin_mul_overflow(stride, a->shape[i], &stride);
  }
}

int64_t arrayc_array_size(const arrayc_array *a) {
  if (a->rank < 0 || a->rank > ARRAYC_MAX_RANK)
    return -1;
  int64_t n = 1;
  for (int i = 0; i < a->rank; ++i)
    if (a->shape[i] < 0 || __builtin_mul_overflow(n, a->shape[i], &n))
      return -1;
  return n;
}

void arrayc_array_release(arrayc_array *a) {
  if (!a)
    return;
  if (auto *owner = static_cast<Owner *>(a->owner)) {
    if (owner->device >= 0) {
      // On its own device (the runtime's pool of that device), after the
      // work queued there on this thread's current stream.
      OnDevice on(owner->rt, owner->device);
      owner->rt->memFree(owner->allocated, owner->rt->currentCuStream());
    }
    else
      hostFree(owner->allocated); // back to the host cache
    delete owner;
  }
  std::memset(a, 0, sizeof(*a));
}

arrayc_status arrayc_array_to_host(arrayc_context context, const arrayc_array *src,
                                   arrayc_array *dst) {
  if (!context || !src || !dst)
    return failure(ARRAYC_ERR_INVALID, "arrayc_array_to_host: NULL argument");
  ContextImpl &ctx = *context->impl;
  if (std::string why = invalidArray(*src); !why.empty())
    return failure(ARRAYC_ERR_INVALID, "arrayc_array_to_host: the array " + why);
  size_t bytes = static_cast<size_t>(arrayc_array_size(src)) * dtypeSize(src->dtype);
  arrayc_array out;
  arrayc_array_init(&out, nullptr, src->dtype, src->rank, src->shape, nullptr, -1);
  void *mem = std::malloc(bytes ? bytes : 1);
  if (!mem)
    return failure(ARRAYC_ERR_NOMEM, "out of host memory");
  if (src->device < 0) {
    gatherHost(*src, static_cast<char *>(mem));
  } else {
    if (ctx.cuda && src->device != ctx.device) {
      std::free(mem);
      return failure(ARRAYC_ERR_DEVICE, "arrayc_array_to_host: " + otherDevice(*src, ctx));
    }
    if (!ctx.cuda || !isContiguous(*src)) {
      std::free(mem);
      return failure(ARRAYC_ERR_ARGUMENT, ctx.cuda ? "a device array must be C-contiguous"
                                                   : "a cpu context cannot read device arrays");
    }
    OnStream on(ctx);
    arrayc_status st = guarded("arrayc_array_to_host", [&] {
      if (bytes)
        ctx.rt->memcpy(mem, src->data, bytes, ctx.rt->currentCuStream());
    });
    if (st == ARRAYC_OK && ctx.rt->streamSynchronize(ctx.stream) != 0)
      st = failure(ARRAYC_ERR_DEVICE, ctx.rt->lastError());
    if (st != ARRAYC_OK) {
      std::free(mem);
      return st;
    }
  }
  out.data = mem;
  setOwned(out, mem, ctx.rt);
  *dst = out;
  return ARRAYC_OK;
}

arrayc_status arrayc_array_to_device(arrayc_context context, const arrayc_array *src,
                                     arrayc_array *dst) {
  if (!context || !src || !dst)
    return failure(ARRAYC_ERR_INVALID, "arrayc_array_to_device: NULL argument");
  ContextImpl &ctx = *context->impl;
  if (!ctx.cuda)
    return failure(ARRAYC_ERR_DEVICE, "arrayc_array_to_device: the context's target is cpu");
  if (src->device >= 0 && src->device != ctx.device)
    return failure(ARRAYC_ERR_DEVICE, "arrayc_array_to_device: " + otherDevice(*src, ctx));
  arrayc_array host;
  arrayc_status st = arrayc_array_to_host(context, src, &host); // C order first
  if (st != ARRAYC_OK)
    return st;
  size_t bytes = static_cast<size_t>(arrayc_array_size(&host)) * dtypeSize(host.dtype);
  OnStream on(ctx);
  void *mem = nullptr;
  st = guarded("arrayc_array_to_device", [&] {
    mem = ctx.rt->memAlloc(bytes ? bytes : 1, ctx.rt->currentCuStream(), false);
    if (bytes)
      ctx.rt->memcpy(mem, host.data, bytes, ctx.rt->currentCuStream());
  });
  ctx.rt->streamSynchronize(ctx.stream); // the host copy is freed below
  if (st != ARRAYC_OK) {
    arrayc_array_release(&host);
    return st;
  }
  arrayc_array out = host;
  out.owner = nullptr;
  out.data = mem;
  out.device = ctx.device;
  setOwned(out, mem, ctx.rt);
  arrayc_array_release(&host);
  *dst = out;
  return ARRAYC_OK;
}

arrayc_status arrayc_call(arrayc_function fn, const arrayc_array *args, int32_t nargs,
                          arrayc_array *results, int32_t nresults) {
  return arrayc_call_on(fn, nullptr, args, nargs, results, nresults);
}

arrayc_status arrayc_call_on(arrayc_function fn, void *stream, const arrayc_array *args,
                             int32_t nargs, arrayc_array *results, int32_t nresults) {
  if (!fn || (nargs && !args) || (nresults && !results))
    return failure(ARRAYC_ERR_INVALID, "arrayc_call: NULL function, args or results");
  for (int32_t i = 0; i < nresults; ++i)
    std::memset(&results[i], 0, sizeof(arrayc_array));
  const FunctionSignature &sig = fn->signature;
  ContextImpl &ctx = *fn->module->context;
  const std::string &name = sig.name;
  if (nargs != static_cast<int32_t>(sig.params.size()) ||
      nresults != static_cast<int32_t>(sig.results.size()))
    return failure(ARRAYC_ERR_ARGUMENT,
                   name + " takes " + std::to_string(sig.params.size()) + " arguments and gives " +
                       std::to_string(sig.results.size()) + " results; the call has " +
                       std::to_string(nargs) + " and " + std::to_string(nresults));

  // Check every argument against the signature; bind the dimension names.
  // Dimension name -> (size, the parameter that bound it); no allocation on
  // the success path (this runs on every call).
  struct Bound {
    const std::string *dim;
    int64_t size;
    const std::string *param;
  };
  llvm::SmallVector<Bound, 8> bound;
  for (int32_t i = 0; i < nargs; ++i) {
    const arrayc_array &a = args[i];
    const ValueSignature &p = sig.params[i];
    auto what = [&] {
      return name + ": argument " + std::to_string(i + 1) + " ('" + p.name + "')";
    };
    if (std::string why = invalidArray(a); !why.empty())
      return failure(ARRAYC_ERR_ARGUMENT, what() + " " + why);
    if (a.dtype != p.dtype || a.rank != static_cast<int32_t>(p.rank()))
      return failure(ARRAYC_ERR_ARGUMENT, what() + " is " + describe(a) + ", expected " +
                                              describe(p));
    for (int d = 0; d < a.rank; ++d) {
      if (p.dims[d] >= 0 && a.shape[d] != p.dims[d])
        return failure(ARRAYC_ERR_ARGUMENT, what() + " is " + describe(a) + ", expected " +
                                                describe(p));
      if (p.dims[d] < 0) {
        auto it = llvm::find_if(bound, [&](const Bound &x) { return *x.dim == p.names[d]; });
        if (it == bound.end())
          bound.push_back({&p.names[d], a.shape[d], &p.name});
        else if (it->size != a.shape[d])
          return failure(ARRAYC_ERR_ARGUMENT,
                         what() + " is " + describe(a) + ", but '" + p.names[d] + "' is " +
                             std::to_string(it->size) + " (from '" + *it->param + "')");
      }
    }
    if (a.device >= 0 && !ctx.cuda)
      return failure(ARRAYC_ERR_ARGUMENT, what() + " is on cuda device " +
                                              std::to_string(a.device) +
                                              " but the context's target is cpu");
    if (a.device >= 0 && a.device != ctx.device)
      return failure(ARRAYC_ERR_DEVICE, what() + ": " + otherDevice(a, ctx));
  }

  // The compiled code assumes a written parameter shares no memory with
  // another (it may read one while writing the other in any order).
  for (int32_t i = 0; i < nargs; ++i) {
    if (!arrayc_array_size(&args[i]))
      continue;
    for (int32_t j = i + 1; j < nargs; ++j) {
      const ValueSignature &p = sig.params[i], &q = sig.params[j];
      if ((!p.written && !q.written) || !arrayc_array_size(&args[j]) ||
          args[i].device != args[j].device || !mayShareMemory(args[i], args[j]))
        continue;
      return failure(ARRAYC_ERR_ARGUMENT,
                     name + ": arguments " + std::to_string(i + 1) + " ('" + p.name +
                         "') and " + std::to_string(j + 1) + " ('" + q.name +
                         "') share memory, and " + name + " writes '" +
                         (p.written ? p.name : q.name) +
                         "' in place: pass arrays that do not overlap (a copy)");
    }
  }

  // The call in Nsight Systems, named by its function (cuda: the compiled
  // function pushes that range itself, pass arrayc-nvtx-ranges).
  std::optional<Range> range;
  if (!ctx.cuda)
    range.emplace(name.c_str());
  OnStream on(ctx, stream);
  void *cuStream = ctx.cuda ? ctx.rt->currentCuStream() : nullptr;
  llvm::SmallVector<void *, 8> pointers(nargs);
  llvm::SmallVector<void *, 4> hostTemps, deviceTemps;
  // A written argument passed through a copy: where its C-order host copy
  // is (the caller's memory when contiguous), for the copy back.
  struct WriteBack {
    int32_t arg;
    void *host;   // C-order host bytes: a host temp, or the caller's array
    void *device; // the staged device copy (cuda), else nullptr
  };
  llvm::SmallVector<WriteBack, 4> writeBacks;
  // Staging, the compiled code and the results' copies run in a recoverable
  // region: a failure inside (an assert, out of memory, a CUDA error) ends
  // this call with the runtime's message -- the runtime throws through the
  // compiled code's frames, frees the device memory the call allocated and
  // drops a recorded graph call -- instead of the process.
  arrayc_status status = guarded(name, [&] {
    // Arguments as the compiled code takes them: C order, on the target.
    for (int32_t i = 0; i < nargs; ++i) {
      const arrayc_array &a = args[i];
      size_t bytes = static_cast<size_t>(arrayc_array_size(&a)) * dtypeSize(a.dtype);
      void *data = a.data;
      bool copied = false;
      if (a.device < 0 && !isContiguous(a)) {
        data = std::malloc(bytes ? bytes : 1);
        gatherHost(a, static_cast<char *>(data));
        hostTemps.push_back(data);
        copied = true;
      }
      void *host = data;
      if (ctx.cuda && a.device < 0) {
        void *dev = ctx.rt->memAlloc(bytes ? bytes : 1, cuStream, false);
        if (bytes)
          ctx.rt->memcpy(dev, data, bytes, cuStream);
        deviceTemps.push_back(dev);
        data = dev;
        copied = true;
      }
      pointers[i] = data;
      if (copied && sig.params[i].written && bytes)
        writeBacks.push_back({i, host, ctx.cuda && a.device < 0 ? data : nullptr});
    }

    // Packed call: one 8-byte word per LLVM-level field.
    llvm::SmallVector<int64_t, 64> words;
    for (int32_t i = 0; i < nargs; ++i) {
      const arrayc_array &a = args[i];
      int64_t p = reinterpret_cast<int64_t>(pointers[i]);
      words.insert(words.end(), {p, p, 0});
      words.insert(words.end(), a.shape, a.shape + a.rank);
      int64_t stride = 1;
      llvm::SmallVector<int64_t, ARRAYC_MAX_RANK> strides(a.rank);
      for (int d = a.rank - 1; d >= 0; --d) {
        strides[d] = stride;
        // Wraps (defined) only for an empty array ([0, 6, 2^62]), whose
        // strides nothing reads.
        (void)__builtin_mul_overflow(stride, a.shape[d], &stride);
      }
      words.insert(words.end(), strides.begin(), strides.end());
    }
    size_t resultWords = 0;
    for (const ValueSignature &r : sig.results)
      resultWords += 3 + 2 * r.rank();
    llvm::SmallVector<int64_t, 32> out(resultWords + 1, 0);
    llvm::SmallVector<void *, 64> packed;
    for (int64_t &w : words)
      packed.push_back(&w);
    packed.push_back(out.data());
    fn->packed(packed.data());

    // Written arguments staged to the device: back to their host copy,
    // ordered after the kernels (waited for below, before the caller's
    // strided array is filled from it).
    for (const WriteBack &wb : writeBacks)
      if (wb.device)
        ctx.rt->memcpy(wb.host, wb.device,
                       static_cast<size_t>(arrayc_array_size(&args[wb.arg])) *
                           dtypeSize(args[wb.arg].dtype),
                       cuStream);

    // Results: owned by the caller. A result whose memory the caller or the
    // program owns (an argument returned as is, a constant, a buffer returned
    // twice) is copied.
    llvm::SmallVector<void *, 4> taken;
    size_t w = 0;
    for (int32_t i = 0; i < nresults; ++i) {
      const ValueSignature &r = sig.results[i];
      void *allocated = reinterpret_cast<void *>(out[w]);
      char *aligned = reinterpret_cast<char *>(out[w + 1]);
      int64_t offset = out[w + 2];
      arrayc_array &res = results[i];
      arrayc_array_init(&res, nullptr, r.dtype, static_cast<int32_t>(r.rank()), &out[w + 3],
                        &out[w + 3 + r.rank()], ctx.cuda ? ctx.device : -1);
      w += 3 + 2 * r.rank();
      size_t es = dtypeSize(r.dtype);
      res.data = aligned + offset * static_cast<int64_t>(es);
      bool ours = allocated != reinterpret_cast<void *>(0xdeadbeef) &&
                  std::find(taken.begin(), taken.end(), allocated) == taken.end();
      for (int32_t j = 0; j < nargs && ours; ++j)
        ours = allocated != pointers[j] || std::find(deviceTemps.begin(), deviceTemps.end(),
                                                     allocated) != deviceTemps.end();
      if (ours) {
        auto temp = std::find(deviceTemps.begin(), deviceTemps.end(), allocated);
        if (temp != deviceTemps.end())
          deviceTemps.erase(temp); // a staged argument, returned: now the result's
        taken.push_back(allocated);
        setOwned(res, allocated, ctx.rt);
        continue;
      }
      size_t bytes = static_cast<size_t>(arrayc_array_size(&res)) * es;
      void *copy;
      if (ctx.cuda) {
        copy = ctx.rt->memAlloc(bytes ? bytes : 1, cuStream, false);
        if (bytes)
          ctx.rt->memcpy(copy, res.data, bytes, cuStream);
      } else {
        copy = std::malloc(bytes ? bytes : 1);
        gatherHost(res, static_cast<char *>(copy));
      }
      arrayc_array_init(&res, copy, r.dtype, res.rank, res.shape, nullptr, res.device);
      taken.push_back(copy);
      setOwned(res, copy, ctx.rt);
    }
    for (void *p : deviceTemps)
      ctx.rt->memFree(p, cuStream); // stream-ordered: after the kernels that read it
  });
  if (status == ARRAYC_OK && !writeBacks.empty()) {
    // The caller sees the writes when the call returns: wait for the copies
    // from the device, then fill strided arrays from their C-order copy.
    if (ctx.cuda && ctx.rt->streamSynchronize(stream ? stream : ctx.stream) != 0) {
      status = failure(ARRAYC_ERR_DEVICE, name + ": copying written arguments back: " +
                                              ctx.rt->lastError());
      for (int32_t i = 0; i < nresults; ++i)
        arrayc_array_release(&results[i]);
    } else {
      for (const WriteBack &wb : writeBacks)
        if (wb.host != args[wb.arg].data)
          scatterHost(static_cast<const char *>(wb.host), args[wb.arg]);
    }
  }
  for (void *p : hostTemps)
    std::free(p);
  if (status != ARRAYC_OK) // the region freed the device memory the results held
    for (int32_t i = 0; i < nresults; ++i)
      std::memset(&results[i], 0, sizeof(arrayc_array));
  return status;
}

} // extern "C"
