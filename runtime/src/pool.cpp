//===- pool.cpp - a caching, stream-ordered memory pool -------------------===//
#include "pool.h"

#include <cstdio>
#include <iterator>

using namespace arrayc_rt;

CachingPool::~CachingPool() {
  // Blocks still handed out belong to the program; cached ones go back.
  std::lock_guard<std::mutex> g(mutex_);
  releaseCachedLocked();
}

size_t CachingPool::roundSize(size_t bytes) {
  const size_t small = 512, large = size_t(2) << 20;
  if (bytes < (size_t(1) << 20))
    return (bytes + small - 1) / small * small;
  return (bytes + large - 1) / large * large;
}

bool CachingPool::owns(const void *ptr) const {
  std::lock_guard<std::mutex> g(mutex_);
  return inUse_.count(const_cast<void *>(ptr)) != 0;
}

size_t CachingPool::blockBytes(const void *ptr) const {
  std::lock_guard<std::mutex> g(mutex_);
  auto it = inUse_.find(const_cast<void *>(ptr));
  return it == inUse_.end() ? 0 : it->second;
}

void CachingPool::releaseCachedLocked() {
  for (auto &[size, block] : cache_) {
    backend_.synchronize(block.stream); // its last use may still be queued
    backend_.release(block.ptr);
  }
  cache_.clear();
  cached_ = 0;
}

void *CachingPool::allocate(size_t bytes, void *stream, std::string *error) {
  if (bytes == 0)
    return nullptr;
  std::lock_guard<std::mutex> g(mutex_);
  size_t size = caching_ ? roundSize(bytes) : bytes;
  // Reuse the smallest cached block that fits without wasting over half,
  // one that `stream` is ordered after first.
  auto first = cache_.lower_bound(size), last = cache_.upper_bound(2 * size);
  if (first != last) {
    auto it = first;
    while (it != last && !backend_.ordered(it->second.stream, stream))
      ++it;
    if (it == last) {
      it = first;
      backend_.synchronize(it->second.stream);
    }
    Cached block = it->second;
    size_t blockSize = it->first;
    cache_.erase(it);
    cached_ -= blockSize;
    inUse_[block.ptr] = blockSize;
    used_ += blockSize;
    return block.ptr;
  }
  auto fresh = [&]() -> void * {
    if (limit_ && used_ + cached_ + size > limit_)
      return nullptr;
    return backend_.allocate(size);
  };
  void *ptr = fresh();
  if (!ptr && !cache_.empty()) {
    // Out of memory (or over the limit): give the cache back and retry once.
    releaseCachedLocked();
    ptr = fresh();
  }
  if (!ptr) {
    if (error) {
      char text[256];
      int n = std::snprintf(text, sizeof text,
                            "out of memory allocating %zu bytes (pool: %zu bytes in use, "
                            "%zu held",
                            bytes, used_, used_ + cached_);
      if (limit_ && n > 0 && size_t(n) < sizeof text)
        std::snprintf(text + n, sizeof text - n, ", limit %zu", limit_);
      *error = std::string(text) + ")";
    }
    return nullptr;
  }
  // An address freed behind the pool's back (forget() not called) and
  // handed out again: the old entry is stale.
  if (auto stale = inUse_.find(ptr); stale != inUse_.end())
    used_ -= stale->second;
  inUse_[ptr] = size;
  used_ += size;
  return ptr;
}

void CachingPool::trimCacheLocked() {
  while (cacheLimit_ && cached_ > cacheLimit_ && !cache_.empty()) {
    auto largest = std::prev(cache_.end());
    backend_.synchronize(largest->second.stream);
    backend_.release(largest->second.ptr);
    cached_ -= largest->first;
    cache_.erase(largest);
  }
}

void CachingPool::setCacheLimit(size_t bytes) {
  std::lock_guard<std::mutex> g(mutex_);
  cacheLimit_ = bytes;
  trimCacheLocked();
}

void CachingPool::forget(const void *ptr) {
  std::lock_guard<std::mutex> g(mutex_);
  auto it = inUse_.find(const_cast<void *>(ptr));
  if (it == inUse_.end())
    return;
  used_ -= it->second;
  inUse_.erase(it);
}

bool CachingPool::free(void *ptr, void *stream) {
  if (!ptr)
    return true;
  std::lock_guard<std::mutex> g(mutex_);
  auto it = inUse_.find(ptr);
  if (it == inUse_.end())
    return false;
  size_t size = it->second;
  inUse_.erase(it);
  used_ -= size;
  if (!caching_) {
    backend_.synchronize(stream); // its last use may still be queued
    backend_.release(ptr);
    return true;
  }
  cache_.emplace(size, Cached{ptr, stream});
  cached_ += size;
  trimCacheLocked();
  return true;
}

void CachingPool::freeAllBlocks() {
  std::lock_guard<std::mutex> g(mutex_);
  releaseCachedLocked();
}

void CachingPool::forgetStream(void *stream) {
  std::lock_guard<std::mutex> g(mutex_);
  for (auto &[size, block] : cache_)
    if (block.stream == stream)
      block.stream = nullptr;
}

void CachingPool::setCaching(bool on) {
  std::lock_guard<std::mutex> g(mutex_);
  caching_ = on;
  if (!on)
    releaseCachedLocked();
}

void CachingPool::setLimit(size_t bytes) {
  std::lock_guard<std::mutex> g(mutex_);
  limit_ = bytes;
  if (limit_ && used_ + cached_ > limit_)
    releaseCachedLocked();
}

size_t CachingPool::usedBytes() const {
  std::lock_guard<std::mutex> g(mutex_);
  return used_;
}
size_t CachingPool::totalBytes() const {
  std::lock_guard<std::mutex> g(mutex_);
  return used_ + cached_;
}
size_t CachingPool::limit() const {
  std::lock_guard<std::mutex> g(mutex_);
  return limit_;
}
