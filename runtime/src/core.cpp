// Errors, init, device hooks, memref helpers, print_str, assert.
#include "internal.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cctype>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace arrayc_rt {

static thread_local std::string tlsError;
static std::string programName;
static arrayc_rt_device_hooks gHooks = {};
static std::mutex gHooksMutex;

arrayc_rt_status setError(arrayc_rt_status st, const char *fmt, ...) {
  // Any length: a failed assert's message is the program's text.
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  int n = vsnprintf(nullptr, 0, fmt, ap);
  va_end(ap);
  std::vector<char> buf(n > 0 ? static_cast<size_t>(n) + 1 : 1, '\0');
  vsnprintf(buf.data(), buf.size(), fmt, again);
  va_end(again);
  tlsError = buf.data();
  return st;
}

static arrayc_rt_device_hooks hooks() {
  std::lock_guard<std::mutex> g(gHooksMutex);
  return gHooks;
}

bool isDevicePtr(const void *p) {
  arrayc_rt_device_hooks h = hooks();
  return p && h.is_device_ptr && h.is_device_ptr(p) != 0;
}
int copyToHost(void *dst, const void *src, size_t bytes) {
  arrayc_rt_device_hooks h = hooks();
  return h.copy_to_host ? h.copy_to_host(dst, src, bytes) : -1;
}
int copyToDevice(void *dst, const void *src, size_t bytes) {
  arrayc_rt_device_hooks h = hooks();
  return h.copy_to_device ? h.copy_to_device(dst, src, bytes) : -1;
}

HostStage::~HostStage() {
  if (!pinned_) return;
  arrayc_rt_device_hooks h = hooks();
  if (h.host_free) h.host_free(pinned_);
}

MemrefView viewMemref(int64_t rank, void *desc, size_t elemSize) {
  MemrefView v;
  v.rank = rank < 0 ? 0 : rank;
  if (!desc) return v;
  struct Head { char *allocated; char *aligned; int64_t offset; };
  Head *h = static_cast<Head *>(desc);
  const int64_t *rest = reinterpret_cast<const int64_t *>(h + 1);
  v.sizes.assign(rest, rest + v.rank);
  v.strides.assign(rest + v.rank, rest + 2 * v.rank);
  v.aligned = h->aligned ? h->aligned + h->offset * (int64_t)elemSize : nullptr;
  return v;
}

std::string memrefString(int64_t rank, void *desc) {
  if (!desc || rank != 1) return std::string();
  MemrefView v = viewMemref(rank, desc, 1);
  if (!v.aligned || v.sizes[0] <= 0) return std::string();
  HostStage st;
  if (st.init(v.aligned, 1, v.sizes.data(), v.strides.data(), 1, true) != ARRAYC_RT_OK)
    return std::string("<unreadable string>");
  std::string s;
  s.reserve((size_t)v.sizes[0]);
  forEachElement(st.hostBase(), 1, v.sizes.data(), v.strides.data(), 1,
                 [&](char *p) { s.push_back(*p); });
  return s;
}

bool numElements(int64_t rank, const int64_t *sizes, int64_t *out) {
  int64_t n = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] < 0) return false;
    if (sizes[i] != 0 && n > INT64_MAX / sizes[i]) return false;
    n *= sizes[i];
  }
  *out = n;
  return true;
}

arrayc_rt_status HostStage::init(const void *data, int64_t rank, const int64_t *sizes,
                                 const int64_t *strides, size_t elemSize, bool readBack) {
  int64_t n;
  if (!numElements(rank, sizes, &n))
    return setError(ARRAYC_RT_ERR_INVALID, "invalid array shape");
  base_ = const_cast<char *>(static_cast<const char *>(data));
  device_ = false;
  if (n == 0 || !isDevicePtr(data)) return ARRAYC_RT_OK;
  device_ = true;
  // Extent spanned by the strides: [lo, hi] element offsets.
  int64_t lo = 0, hi = 0;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t span = strides[i] * (sizes[i] - 1);
    if (span < 0) lo += span; else hi += span;
  }
  int64_t count = hi - lo + 1;
  if (count <= 0 || (uint64_t)count > SIZE_MAX / elemSize)
    return setError(ARRAYC_RT_ERR_NOMEM, "array extent too large");
  bytes_ = (size_t)count * elemSize;
  // Pinned memory from the device's pool when there is one (faster copies,
  // and the copy back to the device is only queued), else the heap.
  arrayc_rt_device_hooks h = hooks();
  char *host = nullptr;
  if (h.host_alloc && h.host_free)
    host = static_cast<char *>(pinned_ = h.host_alloc(bytes_));
  if (!host) {
    try {
      buf_.resize(bytes_);
    } catch (...) {
      return setError(ARRAYC_RT_ERR_NOMEM, "cannot allocate %zu bytes of host staging memory",
                      bytes_);
    }
    host = buf_.data();
  }
  host_ = host;
  devStart_ = base_ + lo * (int64_t)elemSize;
  if (readBack && copyToHost(host, devStart_, bytes_) != 0)
    return setError(ARRAYC_RT_ERR_DEVICE, "copying %zu bytes from the device failed", bytes_);
  base_ = host - lo * (int64_t)elemSize;
  return ARRAYC_RT_OK;
}

arrayc_rt_status HostStage::writeBack() {
  if (!device_) return ARRAYC_RT_OK;
  if (copyToDevice(devStart_, host_, bytes_) != 0)
    return setError(ARRAYC_RT_ERR_DEVICE, "copying %zu bytes to the device failed", bytes_);
  return ARRAYC_RT_OK;
}

} // namespace arrayc_rt

using namespace arrayc_rt;

extern "C" {

const char *arrayc_rt_last_error(void) { return tlsError.c_str(); }
void arrayc_rt_clear_error(void) { tlsError.clear(); }

size_t arrayc_rt_dtype_size(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->size : 0;
}

const char *arrayc_rt_dtype_name(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->numpy : "?";
}

void arrayc_rt_set_device_hooks(const arrayc_rt_device_hooks *h) {
  std::lock_guard<std::mutex> g(gHooksMutex);
  if (h) gHooks = *h;
  else gHooks = arrayc_rt_device_hooks{};
}

void arrayc_rt_sync(void) {
  arrayc_rt_device_hooks h = hooks();
  if (h.synchronize && h.synchronize() != 0)
    arrayc_rt_fatal("", "CUDA: a kernel failed (reported at the end of the program)");
}

void arrayc_rt_init(int argc, char **argv) {
  if (argc > 0 && argv && argv[0]) programName = argv[0];
}

const char *arrayc_rt_program_name(void) { return programName.c_str(); }

namespace {
// The calling thread's recoverable region (runtime.h).
struct Tracked {
  void *ptr, *stream;
  void (*release)(void *, void *);
};
struct Region {
  int depth = 0;
  arrayc_rt_status status = ARRAYC_RT_OK;
  std::vector<Tracked> allocations;
};
thread_local Region tRegion;
std::mutex gFailureHooksMutex;
std::vector<void (*)(void)> gFailureHooks;
// What a region's failure throws: private to the runtime, caught with `...`.
struct RegionFailure {};
} // namespace

void arrayc_rt_region_begin(void) {
  if (tRegion.depth++ == 0) {
    tlsError.clear();
    tRegion.status = ARRAYC_RT_OK;
    tRegion.allocations.clear();
  }
}

void arrayc_rt_region_end(int failed) {
  Region &r = tRegion;
  if (r.depth == 0 || --r.depth > 0)
    return;
  if (failed) {
    // The cleanup below may leave messages of its own; the caller reads the
    // one that failed the region.
    std::string message = tlsError;
    std::vector<void (*)(void)> hooks;
    {
      std::lock_guard<std::mutex> g(gFailureHooksMutex);
      hooks = gFailureHooks;
    }
    for (auto hook : hooks)
      hook();
    for (const Tracked &t : r.allocations)
      t.release(t.ptr, t.stream);
    tlsError = std::move(message);
  }
  r.allocations.clear();
}

const char *arrayc_rt_region_message(void) { return tlsError.c_str(); }
arrayc_rt_status arrayc_rt_region_status(void) { return tRegion.status; }

void arrayc_rt_region_track(void *ptr, void *stream, void (*release)(void *, void *)) {
  if (tRegion.depth && ptr)
    tRegion.allocations.push_back({ptr, stream, release});
}

void arrayc_rt_region_untrack(void *ptr) {
  if (!tRegion.depth || !ptr)
    return;
  auto &a = tRegion.allocations;
  for (size_t i = a.size(); i-- > 0;)
    if (a[i].ptr == ptr) {
      a.erase(a.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

void arrayc_rt_region_on_failure(void (*hook)(void)) {
  std::lock_guard<std::mutex> g(gFailureHooksMutex);
  gFailureHooks.push_back(hook);
}

void arrayc_rt_fatal(const char *loc, const char *msg) {
  arrayc_rt_fatal_status(ARRAYC_RT_ERR_RUNTIME, loc, msg);
}

void arrayc_rt_fatal_status(arrayc_rt_status status, const char *loc, const char *msg) {
  if (tRegion.depth) {
    if (loc && *loc)
      setError(status, "%s: %s", loc, msg ? msg : "");
    else
      setError(status, "%s", msg ? msg : "");
    tRegion.status = status;
    throw RegionFailure{};
  }
  fflush(stdout);
  if (loc && *loc)
    fprintf(stderr, "arrayc: error: %s: %s\n", loc, msg ? msg : "");
  else
    fprintf(stderr, "arrayc: error: %s\n", msg ? msg : "");
  fflush(stderr);
  exit(1);
}

void arrayc_rt_print_str(int64_t srank, void *sdesc) {
  std::string s = memrefString(srank, sdesc);
  fwrite(s.data(), 1, s.size(), stdout);
}

void arrayc_rt_assert(bool cond, int64_t mrank, void *mdesc) {
  if (cond) return;
  std::string m = memrefString(mrank, mdesc);
  arrayc_rt_fatal_status(ARRAYC_RT_ERR_ASSERT, "", m.empty() ? "assertion failed" : m.c_str());
}

void arrayc_rt_assert_values(bool cond, int64_t mrank, void *mdesc, int64_t v0,
                             int64_t v1) {
  if (cond) return;
  std::string m = memrefString(mrank, mdesc), out;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m[i] == '{' && i + 2 < m.size() && (m[i + 1] == '0' || m[i + 1] == '1') &&
        m[i + 2] == '}') {
      out += std::to_string(m[i + 1] == '0' ? v0 : v1);
      i += 2;
      continue;
    }
    out += m[i];
  }
  arrayc_rt_fatal_status(ARRAYC_RT_ERR_ASSERT, "", out.c_str());
}

void arrayc_rt_check_arguments(const char *signature, void *const *descriptors) {
  // signature: "f;x:n,3;y:n;s:"
  std::string spec(signature);
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    size_t end = spec.find(';', start);
    parts.push_back(spec.substr(start, end - start));
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  const std::string &fn = parts[0];
  std::vector<std::pair<std::string, std::pair<int64_t, std::string>>> bound; // dim -> (size, param)
  auto fail = [&](const std::string &param, const std::string &why) {
    std::string m = "_mlir_ciface_" + fn + ": argument '" + param + "' " + why;
    arrayc_rt_fatal_status(ARRAYC_RT_ERR_ASSERT, "", m.c_str());
  };
  for (size_t i = 1; i < parts.size(); ++i) {
    size_t colon = parts[i].find(':');
    std::string param = parts[i].substr(0, colon), rest = parts[i].substr(colon + 1);
    std::vector<std::string> dims;
    for (size_t start = 0; !rest.empty();) {
      size_t end = rest.find(',', start);
      dims.push_back(rest.substr(start, end - start));
      if (end == std::string::npos)
        break;
      start = end + 1;
    }
    const int64_t *words = static_cast<const int64_t *>(descriptors[i - 1]);
    if (!words)
      fail(param, "is NULL");
    int64_t rank = static_cast<int64_t>(dims.size());
    const int64_t *sizes = words + 3, *strides = words + 3 + rank;
    if (words[2] != 0)
      fail(param, "has offset " + std::to_string(words[2]) +
                      ": arrays are passed C-contiguous with offset 0");
    for (int64_t d = 0; d < rank; ++d) {
      const std::string &dim = dims[d];
      std::string along = " along axis " + std::to_string(d);
      if (sizes[d] < 0)
        fail(param, "has a negative size " + std::to_string(sizes[d]) + along);
      if (std::isdigit(static_cast<unsigned char>(dim[0]))) {
        if (sizes[d] != std::stoll(dim))
          fail(param, "has size " + std::to_string(sizes[d]) + along + ", the signature " + dim);
        continue;
      }
      auto it = std::find_if(bound.begin(), bound.end(), [&](auto &b) { return b.first == dim; });
      if (it == bound.end())
        bound.push_back({dim, {sizes[d], param}});
      else if (it->second.first != sizes[d])
        fail(param, "has size " + std::to_string(sizes[d]) + " along '" + dim + "', but '" +
                        it->second.second + "' has " + std::to_string(it->second.first));
    }
    int64_t expected = 1;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (sizes[d] > 1 && strides[d] != expected)
        fail(param, "has stride " + std::to_string(strides[d]) + " along axis " +
                        std::to_string(d) + " where C order has " + std::to_string(expected) +
                        ": arrays are passed C-contiguous");
      if (__builtin_mul_overflow(expected, sizes[d], &expected))
        fail(param, "has sizes whose product overflows 64 bits");
    }
  }
}

// f32 -> bf16 (round to nearest even, NaN kept quiet), the helper LLVM calls
// for `fptrunc float to bfloat` on x86 CPUs without AVX512-BF16 (`--bf16` on
// the cpu target). libgcc has it from GCC 13 on, compiler-rt too; Debian 12's
// GCC 12 does not, so JIT-compiled code could not resolve it there. The
// result travels in xmm0 as a 16-bit float does: _Float16 gives that ABI.
ARRAYC_RT_API _Float16 __truncsfbf2(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  uint16_t h = (u & 0x7fffffffu) > 0x7f800000u
                   ? uint16_t((u >> 16) | 0x40u)
                   : uint16_t((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  _Float16 r;
  std::memcpy(&r, &h, sizeof r);
  return r;
}

} // extern "C"
