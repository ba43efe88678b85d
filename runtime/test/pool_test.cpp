// Tests of the caching pool's logic on a real host-memory backend (malloc),
// with a capacity to exercise out-of-memory, and tokens standing for events.
#include "../src/internal.h"
#include "../src/pool.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <vector>

using arrayc_rt::CachingPool;

namespace {
class HostBackend : public arrayc_rt::PoolBackend {
public:
  size_t capacity = size_t(1) << 40, held = 0;
  int allocations = 0, releases = 0;
  std::vector<std::pair<void *, size_t>> blocks;

  void *allocate(size_t bytes) override {
    if (held + bytes > capacity)
      return nullptr;
    void *p = std::malloc(bytes);
    held += bytes;
    blocks.push_back({p, bytes});
    ++allocations;
    return p;
  }
  void release(void *ptr) override {
    for (auto it = blocks.begin(); it != blocks.end(); ++it)
      if (it->first == ptr) {
        held -= it->second;
        blocks.erase(it);
        break;
      }
    std::free(ptr);
    ++releases;
  }
  // Streams are ints; stream s is ordered after stream t when s == t, or
  // when either is the null stream (as CUDA's legacy stream with blocking
  // streams).
  void synchronize(void *stream) override { synchronized.push_back(stream); }
  bool ordered(void *freedOn, void *usedOn) override {
    return freedOn == usedOn || !freedOn || !usedOn;
  }
  std::vector<void *> synchronized;
};
} // namespace

TEST(Pool, RoundsSizes) {
  EXPECT_EQ(CachingPool::roundSize(1), 512u);
  EXPECT_EQ(CachingPool::roundSize(512), 512u);
  EXPECT_EQ(CachingPool::roundSize(513), 1024u);
  EXPECT_EQ(CachingPool::roundSize((1u << 20) + 1), 2u << 20);
  EXPECT_EQ(CachingPool::roundSize(3u << 20), 4u << 20);
}

TEST(Pool, ReusesFreedBlocksAndCountsBytes) {
  HostBackend backend;
  CachingPool pool(backend);
  std::string error;
  void *a = pool.allocate(1000, nullptr, &error);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(pool.usedBytes(), 1024u);
  EXPECT_EQ(pool.totalBytes(), 1024u);
  EXPECT_TRUE(pool.free(a, nullptr));
  EXPECT_EQ(pool.usedBytes(), 0u);
  EXPECT_EQ(pool.totalBytes(), 1024u);
  void *b = pool.allocate(900, nullptr, &error); // same bin
  EXPECT_EQ(b, a);
  EXPECT_EQ(backend.allocations, 1);
  EXPECT_EQ(pool.allocate(0, nullptr, &error), nullptr);
  pool.free(b, nullptr);
}

TEST(Pool, DoesNotHandOutMuchLargerBlocks) {
  HostBackend backend;
  CachingPool pool(backend);
  void *big = pool.allocate(8u << 20, nullptr, nullptr);
  pool.free(big, nullptr);
  void *small = pool.allocate(1000, nullptr, nullptr);
  EXPECT_NE(small, big);
  EXPECT_EQ(backend.allocations, 2);
  pool.free(small, nullptr);
}

TEST(Pool, ReusesOnTheFreeingStreamWithoutWaiting) {
  HostBackend backend;
  CachingPool pool(backend);
  int s1;
  void *a = pool.allocate(4096, &s1, nullptr);
  pool.free(a, &s1);
  void *b = pool.allocate(4096, &s1, nullptr);
  EXPECT_EQ(b, a);
  EXPECT_TRUE(backend.synchronized.empty());
  pool.free(b, &s1);
  // The null stream is ordered with every (blocking) stream, both ways.
  EXPECT_EQ(pool.allocate(4096, nullptr, nullptr), a);
  pool.free(a, nullptr);
  EXPECT_EQ(pool.allocate(4096, &s1, nullptr), a);
  EXPECT_TRUE(backend.synchronized.empty());
  pool.free(a, &s1);
}

TEST(Pool, WaitsForTheFreeingStreamBeforeReuseOnAnother) {
  HostBackend backend;
  CachingPool pool(backend);
  int s1, s2;
  void *a = pool.allocate(4096, &s1, nullptr);
  pool.free(a, &s1);
  void *b = pool.allocate(4096, &s2, nullptr);
  EXPECT_EQ(b, a);
  ASSERT_EQ(backend.synchronized.size(), 1u);
  EXPECT_EQ(backend.synchronized[0], &s1);
  pool.free(b, &s2);
}

TEST(Pool, PrefersABlockItNeedNotWaitFor) {
  HostBackend backend;
  CachingPool pool(backend);
  int s1, s2;
  void *a = pool.allocate(4096, &s1, nullptr);
  void *b = pool.allocate(4096, &s2, nullptr);
  pool.free(a, &s1);
  pool.free(b, &s2);
  EXPECT_EQ(pool.allocate(4096, &s2, nullptr), b);
  EXPECT_EQ(pool.allocate(4096, &s1, nullptr), a);
  EXPECT_TRUE(backend.synchronized.empty());
  pool.free(a, &s1);
  pool.free(b, &s2);
}

TEST(Pool, OutOfMemoryReleasesTheCacheAndRetriesOnce) {
  HostBackend backend;
  backend.capacity = 4u << 20;
  CachingPool pool(backend);
  void *a = pool.allocate(3u << 20, nullptr, nullptr); // rounds to 4 MiB: all of it
  ASSERT_NE(a, nullptr);
  pool.free(a, nullptr);
  // A different size class does not fit next to the cached block: the pool
  // releases its cache and retries.
  void *b = pool.allocate(1000, nullptr, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(backend.releases, 1);
  // Now a request that can never fit fails with the size and the pool's state.
  std::string error;
  EXPECT_EQ(pool.allocate(16u << 20, nullptr, &error), nullptr);
  EXPECT_NE(error.find("out of memory allocating 16777216 bytes"), std::string::npos) << error;
  EXPECT_NE(error.find("1024 bytes in use"), std::string::npos) << error;
  // ...and the pool stays usable: the next 1,000 allocations succeed.
  for (int i = 0; i < 1000; ++i) {
    void *p = pool.allocate(2048, nullptr, nullptr);
    ASSERT_NE(p, nullptr);
    pool.free(p, nullptr);
  }
  pool.free(b, nullptr);
}

TEST(Pool, LimitCapsTotalBytes) {
  HostBackend backend;
  CachingPool pool(backend);
  pool.setLimit(1u << 20);
  std::string error;
  void *a = pool.allocate(600u << 10, nullptr, &error);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(pool.allocate(600u << 10, nullptr, &error), nullptr);
  EXPECT_NE(error.find("limit 1048576"), std::string::npos) << error;
  pool.free(a, nullptr);
  EXPECT_NE(pool.allocate(600u << 10, nullptr, &error), nullptr); // reuses the cached one
  pool.setLimit(0);
}

TEST(Pool, FreeAllBlocksReleasesOnlyCachedBlocks) {
  HostBackend backend;
  CachingPool pool(backend);
  void *a = pool.allocate(1000, nullptr, nullptr);
  void *b = pool.allocate(5000, nullptr, nullptr);
  pool.free(a, nullptr);
  pool.freeAllBlocks();
  EXPECT_EQ(backend.releases, 1);
  EXPECT_EQ(pool.totalBytes(), pool.usedBytes());
  EXPECT_FALSE(pool.free(reinterpret_cast<void *>(0x10), nullptr)); // not the pool's
  pool.free(b, nullptr);
}

TEST(Pool, ForgottenStreamsBlocksAreFreeForAnyStream) {
  HostBackend backend;
  CachingPool pool(backend);
  int s1, s2;
  void *a = pool.allocate(4096, &s1, nullptr);
  pool.free(a, &s1);
  pool.forgetStream(&s1); // s1 was waited for and is gone
  EXPECT_EQ(pool.allocate(4096, &s2, nullptr), a);
  EXPECT_TRUE(backend.synchronized.empty());
  pool.free(a, &s2);
}

// The pinned host pool's rule (cuda.cpp): the host writes a reused block, so
// no stream is ever ordered after the freeing one; reuse waits for it, even on
// the same stream.
class HostWritesBackend : public HostBackend {
public:
  bool ordered(void *, void *) override { return false; }
};
TEST(Pool, AHostWrittenBlockWaitsEvenOnTheSameStream) {
  HostWritesBackend backend;
  arrayc_rt::CachingPool pool(backend);
  void *s = reinterpret_cast<void *>(0x1);
  void *a = pool.allocate(1000, s, nullptr);
  ASSERT_TRUE(pool.free(a, s));
  EXPECT_EQ(pool.allocate(1000, s, nullptr), a);
  ASSERT_EQ(backend.synchronized.size(), 1u);
  EXPECT_EQ(backend.synchronized[0], s);
}

TEST(Pool, WithoutCachingBlocksAreExactAndReleasedWhenFreed) {
  HostBackend backend;
  CachingPool pool(backend);
  std::string error;
  void *kept = pool.allocate(700, nullptr, &error);
  ASSERT_TRUE(pool.free(kept, nullptr)); // cached...
  pool.setCaching(false);                // ...and released here
  EXPECT_EQ(backend.held, 0u);
  void *a = pool.allocate(1000, reinterpret_cast<void *>(1), &error);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(backend.blocks.back().second, 1000u); // not rounded: overruns show
  EXPECT_EQ(pool.usedBytes(), 1000u);
  EXPECT_TRUE(pool.free(a, reinterpret_cast<void *>(1)));
  EXPECT_EQ(backend.synchronized.back(), reinterpret_cast<void *>(1)); // waited first
  EXPECT_EQ(backend.held, 0u);
  EXPECT_EQ(pool.totalBytes(), 0u);
}

TEST(Pool, CacheLimitReleasesLargestBlocksFirst) {
  HostBackend backend;
  CachingPool pool(backend);
  pool.setCacheLimit(size_t(6) << 20);
  void *a = pool.allocate(size_t(2) << 20, nullptr, nullptr);
  void *b = pool.allocate(size_t(4) << 20, nullptr, nullptr);
  void *c = pool.allocate(size_t(3) << 20, nullptr, nullptr); // 4 MiB block
  ASSERT_TRUE(a && b && c);
  pool.free(a, nullptr);
  pool.free(b, nullptr);
  EXPECT_EQ(backend.releases, 0);
  EXPECT_EQ(pool.totalBytes(), size_t(10) << 20); // 6 cached + 4 in use
  pool.free(c, nullptr); // 10 MiB cached > 6: one 4 MiB block goes
  EXPECT_EQ(backend.releases, 1);
  EXPECT_EQ(pool.totalBytes(), size_t(6) << 20);
  pool.setCacheLimit(size_t(1) << 20); // the rest too
  EXPECT_EQ(pool.totalBytes(), 0u);
  EXPECT_EQ(backend.releases, 3);
}

TEST(Pool, ForgetsBlocksFreedBehindItsBack) {
  HostBackend backend;
  CachingPool pool(backend);
  void *a = pool.allocate(size_t(2) << 20, nullptr, nullptr);
  ASSERT_NE(a, nullptr);
  pool.forget(a); // the caller free()d it: not the pool's any more
  EXPECT_FALSE(pool.owns(a));
  EXPECT_EQ(pool.usedBytes(), 0u);
  EXPECT_FALSE(pool.free(a, nullptr)); // a free through the pool leaves it to free()
  backend.release(a);
}

// The cpu target's buffers (host_memory.cpp): large ones are cached blocks
// of 2 MiB multiples on 2 MiB boundaries, handed out again after a free;
// small ones are malloc's.
TEST(HostMemory, LargeBuffersAreCachedAndAligned) {
  CachingPool *pool = arrayc_rt::hostPool();
  if (!pool)
    GTEST_SKIP() << "host pool off (ARRAYC_HOST_POOL=0 or AddressSanitizer)";
  size_t before = pool->usedBytes();
  void *a = arrayc_rt_host_alloc_at((size_t(24) << 20) + 5, "test:1:1");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % (size_t(2) << 20), 0u);
  EXPECT_TRUE(pool->owns(a));
  EXPECT_EQ(pool->usedBytes() - before, size_t(26) << 20);
  static_cast<char *>(a)[(size_t(24) << 20) + 4] = 1; // the whole size is there
  _mlir_memref_to_llvm_free(a);
  EXPECT_FALSE(pool->owns(a));
  void *b = _mlir_memref_to_llvm_aligned_alloc(64, size_t(25) << 20); // same bin
  EXPECT_EQ(b, a);
  arrayc_rt_free(b);
  void *small = arrayc_rt_host_alloc_at(1000, "test:2:1");
  ASSERT_NE(small, nullptr);
  EXPECT_FALSE(pool->owns(small));
  arrayc_rt_free(small);
}
