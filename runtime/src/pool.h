//===- pool.h - a caching, stream-ordered memory pool -----------*- C++ -*-===//
//
// Freed blocks are kept, binned by rounded size, and handed out again, so a
// program that allocates the same shapes call after call stops paying for
// cuMemAlloc/cuMemFree (0.2 ms for 256 MiB on an H100). Stream-ordered: a
// block freed on a stream is reused on that same stream at once (its later
// work runs after the work queued before the free) or on one ordered after
// it, and on another stream only after the host has waited for the freeing
// stream. The backend is an
// interface so the logic is tested without a GPU (runtime/test/pool_test.cpp
// uses host memory).
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_RT_POOL_H
#define ARRAYC_RT_POOL_H

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace arrayc_rt {

class PoolBackend {
public:
  virtual ~PoolBackend() = default;
  /// Fresh memory of `bytes`, or nullptr when out of memory.
  virtual void *allocate(size_t bytes) = 0;
  virtual void release(void *ptr) = 0;
  /// Waits until the work queued on `stream` so far is done.
  virtual void synchronize(void *stream) = 0;
  /// Whether work queued on `usedOn` from now on runs after the work queued
  /// on `freedOn` so far (then a block freed there needs no wait).
  virtual bool ordered(void *freedOn, void *usedOn) { return freedOn == usedOn; }
};

class CachingPool {
public:
  explicit CachingPool(PoolBackend &backend) : backend_(backend) {}
  ~CachingPool();

  /// A block of at least `bytes` (nullptr for 0) for work on `stream`, or
  /// nullptr with `error` set when even after releasing every cached block
  /// the memory is not there or the limit forbids it. A cached block whose
  /// reuse on `stream` needs no wait is preferred.
  void *allocate(size_t bytes, void *stream, std::string *error);
  /// Returns `ptr`, whose last use is queued on `stream`, to the cache; false
  /// when `ptr` is not the pool's.
  bool free(void *ptr, void *stream);
  /// Whether `ptr` is a block this pool handed out (and not yet freed).
  bool owns(const void *ptr) const;
  /// The size of block `ptr` handed out (rounded), 0 when not the pool's.
  size_t blockBytes(const void *ptr) const;
  /// Releases every cached (free) block to the backend.
  void freeAllBlocks();
  /// Cached blocks freed on `stream` become free for any stream: the caller
  /// has waited for it (before destroying it).
  void forgetStream(void *stream);
  /// Caps total_bytes (0: no limit).
  void setLimit(size_t bytes);
  /// Caps the cached (free) bytes kept (0: no cap): past it, a free releases
  /// cached blocks, largest first, until the cache is back under the cap.
  void setCacheLimit(size_t bytes);
  /// `ptr` is no longer a block of the pool: it was freed behind the pool's
  /// back (a caller's free() of a result) and the address may come back
  /// from elsewhere.
  void forget(const void *ptr);
  /// Off: every block is allocated at its exact size and released when freed
  /// (after its stream's work): what memory checkers need to see overruns
  /// (ARRAYC_CUDA_POOL=0). On by default.
  void setCaching(bool on);

  size_t usedBytes() const;   ///< bytes of blocks handed out
  size_t totalBytes() const;  ///< used plus cached bytes held from the backend
  size_t limit() const;

  /// Rounding: 512-byte multiples below 1 MiB, 2 MiB multiples above.
  static size_t roundSize(size_t bytes);

private:
  struct Cached {
    void *ptr;
    void *stream; // where it was freed
  };
  void releaseCachedLocked();
  void trimCacheLocked();
  PoolBackend &backend_;
  mutable std::mutex mutex_;
  std::multimap<size_t, Cached> cache_;          // rounded size -> free blocks
  std::unordered_map<void *, size_t> inUse_;     // handed-out block -> size
  size_t used_ = 0, cached_ = 0, limit_ = 0, cacheLimit_ = 0;
  bool caching_ = true;
};

} // namespace arrayc_rt

#endif // ARRAYC_RT_POOL_H
