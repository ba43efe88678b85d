//===- Cache.h - the compile cache (on disk) --------------------*- C++ -*-===//
//
// Entries are compiled artifacts (Compile.h) keyed by a BLAKE3 hash of the
// source, its name, the options, the target and arch, and the identity of the
// compiler and runtime binaries (path, size, modification time: a rebuilt
// arrayc never loads an older one's code).
//
// On disk: one file `<key>.arrayc` per entry in a directory private to the
// user (created 0700; a directory others can write to is refused). A file is
// "ARRAYCC2", the payload's size, the BLAKE3 hash of key and payload, the key,
// then the payload; it is written to a unique temporary name and renamed, so
// concurrent writers never expose a partial entry, and checked in full before
// use: a truncated or damaged entry, or one naming another key (copied over
// this key's file), is removed and recompiled, never loaded. The total size is
// bounded: past the bound, the least recently used entries are removed.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_COMPILER_CACHE_H
#define ARRAYC_COMPILER_CACHE_H

#include "Compiler/Compile.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace arrayc::compiler {

struct CacheSettings {
  bool enabled = true;
  std::string dir;                    ///< "": no disk cache.
  uint64_t maxBytes = 1ull << 30;
};

/// $ARRAYC_CACHE_DIR, else $XDG_CACHE_HOME/arrayc, else ~/.cache/arrayc;
/// ARRAYC_CACHE=0 disables it; ARRAYC_CACHE_MAX_BYTES bounds it (default 1 GiB).
CacheSettings defaultCacheSettings();

/// The key of compiling `source` named `name` with `options` (64 hex digits).
std::string cacheKey(llvm::StringRef source, llvm::StringRef name, const Options &options);

class DiskCache {
public:
  explicit DiskCache(CacheSettings settings) : settings(std::move(settings)) {}
  /// The payload of `key`, if an intact entry exists (its time is refreshed
  /// for eviction). A damaged entry is removed; `note` then says so.
  std::optional<std::string> load(llvm::StringRef key, std::string &note);
  /// Stores `payload` under `key` atomically, then evicts past the bound.
  llvm::Error store(llvm::StringRef key, llvm::StringRef payload);
  struct Info {
    uint64_t entries = 0, bytes = 0;
  };
  llvm::Expected<Info> info();
  /// Removes every entry (and stray temporary files).
  llvm::Error clear();
  const CacheSettings &getSettings() const { return settings; }

private:
  llvm::Error ensureDir();
  std::string entryPath(llvm::StringRef key) const;
  void evict();
  CacheSettings settings;
};

/// How `compileCached` got its artifact.
enum class CacheResult { Miss, Disk, Off };

/// Compiles through the disk cache: an intact entry is used, else the source
/// is compiled and stored. Cache failures (unwritable directory) never fail
/// the compile; `log` (may be null) receives one line per event: the key,
/// hit or miss, and why an entry was not used or stored. A compile with
/// debugging aids (`debug`'s pass manager options or a dump directory,
/// ARRAYC_DUMP_DIR included) always compiles, and stores what it made.
llvm::Expected<std::unique_ptr<Artifact>>
compileCached(llvm::StringRef source, llvm::StringRef name, const Options &options,
              const CacheSettings &settings, llvm::raw_ostream *log,
              CacheResult *result = nullptr, const Debug *debug = nullptr);

} // namespace arrayc::compiler

#endif // ARRAYC_COMPILER_CACHE_H
