//===- host_memory.cpp - the cpu target's heap buffers --------------------===//
//
// Buffers of 1 MiB and more come from a caching pool (pool.h) over
// aligned_alloc: a freed block is kept, binned by size, and handed out again,
// so a program that allocates the same shapes call after call stops mapping
// fresh memory and faulting it in. (glibc maps blocks of 32 MiB and more
// afresh on each malloc and unmaps them on free: sqdiff at 2^23 f32 elements
// spent most of its time in page faults, 35x the time per element of 2^22.)
// Pool blocks are 2 MiB multiples, 2 MiB-aligned and advised as huge pages
// (MADV_HUGEPAGE), so a first touch faults once per 2 MiB where the kernel
// allows it. Smaller buffers are malloc's, which keeps them in its heap.
//
// Every block comes from aligned_alloc, so a result handed to a caller may
// still be released with free() (the `--shared` header's contract);
// arrayc_rt_free returns it to the cache. The cache keeps at most a quarter
// of physical memory (ARRAYC_HOST_POOL_CACHE_MB), largest blocks released
// first, and is released whole before an allocation that finds no memory is
// retried. ARRAYC_HOST_POOL=0, and AddressSanitizer builds: malloc/free only.
//
// Each buffer is also known to a recoverable region (core.cpp), which
// releases what a failing call had allocated.
//
//===----------------------------------------------------------------------===//
#include "internal.h"
#include "pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace arrayc_rt;

namespace {

constexpr size_t kPoolMinBytes = size_t(1) << 20; // CachingPool rounds to 2 MiB from here
constexpr size_t kHugePage = size_t(2) << 20;

class HostBackend : public PoolBackend {
public:
  void *allocate(size_t bytes) override {
    size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    if (rounded < bytes)
      return nullptr;
    void *p = aligned_alloc(kHugePage, rounded);
#ifdef MADV_HUGEPAGE
    if (p)
      madvise(p, rounded, MADV_HUGEPAGE); // advice: its failure changes nothing
#endif
    return p;
  }
  void release(void *ptr) override { free(ptr); }
  void synchronize(void *) override {}
  bool ordered(void *, void *) override { return true; } // one host "stream"
};

bool poolWanted() {
#if defined(__SANITIZE_ADDRESS__)
  return false; // ASan sees overruns only at exact sizes
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return false;
#endif
#endif
  const char *e = std::getenv("ARRAYC_HOST_POOL");
  return !(e && e[0] == '0' && e[1] == '\0');
}

size_t cacheLimitBytes() {
  if (const char *e = std::getenv("ARRAYC_HOST_POOL_CACHE_MB")) {
    char *end = nullptr;
    unsigned long long mb = std::strtoull(e, &end, 10);
    if (end != e && *end == '\0')
      return static_cast<size_t>(mb) << 20;
  }
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return size_t(1) << 30;
  return static_cast<size_t>(pages) * static_cast<size_t>(pageSize) / 4;
}

/// Back to the cache if it is a pool block, else free().
void hostFree(void *p) {
  CachingPool *pool = hostPool();
  if (!pool || !pool->free(p, nullptr))
    free(p);
}

void releaseHost(void *p, void *) { hostFree(p); } // a failed region's cleanup

/// A host buffer of `size` bytes aligned to `alignment` (0: malloc's), or
/// the out-of-memory error at `loc`.
void *hostAlloc(size_t alignment, size_t size, const char *loc) {
  void *p = nullptr;
  CachingPool *pool = hostPool();
  if (pool && size >= kPoolMinBytes && alignment <= kHugePage) {
    p = pool->allocate(size, nullptr, nullptr);
  } else if (alignment) {
    // aligned_alloc wants a multiple of the alignment; a size that wraps
    // while being rounded up (rounded < size) cannot be allocated anyway.
    size_t rounded = (size + alignment - 1) / alignment * alignment;
    if (rounded >= size)
      p = aligned_alloc(alignment, rounded ? rounded : alignment);
  } else {
    p = malloc(size ? size : 1);
  }
  if (!p) {
    char msg[96];
    snprintf(msg, sizeof msg, "out of host memory allocating %zu bytes", size);
    arrayc_rt_fatal_status(ARRAYC_RT_ERR_NOMEM, loc, msg);
  }
  if (pool && size < kPoolMinBytes)
    pool->forget(p); // the address of a pool block someone free()d
  arrayc_rt_region_track(p, nullptr, releaseHost);
  return p;
}

} // namespace

CachingPool *arrayc_rt::hostPool() {
  static CachingPool *pool = []() -> CachingPool * {
    if (!poolWanted())
      return nullptr;
    // Never destroyed: blocks may be freed by code that runs at exit.
    static HostBackend *backend = new HostBackend;
    auto *p = new CachingPool(*backend);
    p->setCacheLimit(cacheLimitBytes());
    return p;
  }();
  return pool;
}

extern "C" {

void arrayc_rt_free(void *p) {
  if (!p)
    return;
  arrayc_rt_region_untrack(p);
  hostFree(p);
}

void *_mlir_memref_to_llvm_alloc(size_t size) { return hostAlloc(0, size, ""); }

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  return hostAlloc(alignment, size, "");
}

void *arrayc_rt_host_alloc_at(size_t size, const char *loc) { return hostAlloc(0, size, loc); }

void *arrayc_rt_host_aligned_alloc_at(size_t alignment, size_t size, const char *loc) {
  return hostAlloc(alignment, size, loc);
}

void _mlir_memref_to_llvm_free(void *p) { arrayc_rt_free(p); }

} // extern "C"
