//===- Cache.cpp - the compile cache (on disk) ----------------------------===//
#include "Compiler/Cache.h"
#include "Compiler/TempFiles.h"

#include "Compiler/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace llvm;
using namespace arrayc;
using namespace arrayc::compiler;

namespace {

// An entry: magic, payload size, BLAKE3 of (key, payload), the key (64 hex
// digits), the payload. The key is stored and hashed so that an entry copied
// or renamed to another key's file is refused, not run as that program.
constexpr char kMagic[8] = {'A', 'R', 'R', 'A', 'Y', 'C', 'C', '2'};
constexpr size_t kKeySize = 64;
constexpr size_t kHeader = 8 + 8 + 32 + kKeySize;

std::array<uint8_t, 32> digest(StringRef bytes) {
  return BLAKE3::hash<32>(arrayRefFromStringRef(bytes));
}

/// The hash an entry of `key` holding `payload` carries.
std::array<uint8_t, 32> entryDigest(StringRef key, StringRef payload) {
  BLAKE3 hasher;
  hasher.update(key);
  hasher.update(StringRef("\0", 1));
  hasher.update(payload);
  return hasher.final<32>();
}

/// Path, size and modification time of a file, "" when absent.
std::string fileIdentity(StringRef path) {
  sys::fs::file_status status;
  if (sys::fs::status(path, status))
    return "";
  return path.str() + ":" + std::to_string(status.getSize()) + ":" +
         std::to_string(status.getLastModificationTime().time_since_epoch().count());
}

/// The compiler and the runtime libraries the code is linked with.
const std::string &compilerIdentity() {
  static const std::string identity = [] {
    std::string dir = toolchain::runtimeLibDir();
    return std::string("arrayc " ARRAYC_VERSION "|") + fileIdentity(toolchain::thisBinary()) +
           "|" + fileIdentity(dir + "/libarrayc_runtime.so") + "|" +
           fileIdentity(dir + "/libarrayc_runtime_cuda.so");
  }();
  return identity;
}

bool isEntry(StringRef name) { return name.ends_with(".arrayc"); }
bool isTemporary(StringRef name) { return name.contains(kTemporaryMarker); }

} // namespace

CacheSettings compiler::defaultCacheSettings() {
  CacheSettings s;
  if (const char *off = std::getenv("ARRAYC_CACHE"); off && StringRef(off) == "0")
    s.enabled = false;
  if (const char *max = std::getenv("ARRAYC_CACHE_MAX_BYTES"); max && *max) {
    uint64_t v;
    if (!StringRef(max).getAsInteger(10, v))
      s.maxBytes = v;
  }
  if (const char *dir = std::getenv("ARRAYC_CACHE_DIR"); dir && *dir) {
    s.dir = dir;
  } else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    s.dir = (Twine(xdg) + "/arrayc").str();
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    s.dir = (Twine(home) + "/.cache/arrayc").str();
  }
  return s;
}

std::string compiler::cacheKey(StringRef source, StringRef name, const Options &o) {
  std::string text;
  raw_string_ostream os(text);
  os << compilerIdentity() << '\0' << (o.cuda ? "cuda " + o.gpuArch : "cpu") << " O"
     << o.optLevel << " fusion=" << o.fusion << " blas=" << o.blas << " tf32=" << o.tf32
     << " graphs=" << o.graphs << " precision=" << o.precision << " format=" << o.gpuFormat
     << (o.mesh.empty() ? "" : " mesh=" + o.mesh + " shard=" + llvm::join(o.shard, ","))
     << '\0' << name << '\0'
     << source;
  return toHex(digest(text), /*LowerCase=*/true);
}

std::string DiskCache::entryPath(StringRef key) const {
  return settings.dir + "/" + key.str() + ".arrayc";
}

Error DiskCache::ensureDir() {
  if (settings.dir.empty())
    return createStringError("no cache directory (set ARRAYC_CACHE_DIR or HOME)");
  if (auto ec = sys::fs::create_directories(settings.dir, /*IgnoreExisting=*/true,
                                            sys::fs::owner_all))
    return createStringError(ec, "cannot create the cache directory '%s': %s",
                             settings.dir.c_str(), ec.message().c_str());
  struct stat st;
  if (::stat(settings.dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return createStringError("the cache path '%s' is not a directory", settings.dir.c_str());
  // Code from this directory runs in this process: only its owner may write it.
  if (st.st_uid != ::getuid() || (st.st_mode & (S_IWGRP | S_IWOTH)))
    return createStringError("the cache directory '%s' is not private to this user "
                             "(owner or mode); not using it",
                             settings.dir.c_str());
  return Error::success();
}

std::optional<std::string> DiskCache::load(StringRef key, std::string &note) {
  if (auto err = ensureDir()) {
    note = toString(std::move(err));
    return std::nullopt;
  }
  std::string path = entryPath(key);
  auto buffer = MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  StringRef bytes = (*buffer)->getBuffer();
  uint64_t size = 0;
  bool intact = bytes.size() >= kHeader && std::memcmp(bytes.data(), kMagic, 8) == 0;
  if (intact) {
    std::memcpy(&size, bytes.data() + 8, 8);
    intact = size == bytes.size() - kHeader;
  }
  if (intact) {
    auto hash = entryDigest(bytes.substr(48, kKeySize), bytes.drop_front(kHeader));
    intact = std::memcmp(hash.data(), bytes.data() + 16, 32) == 0;
  }
  if (!intact) {
    sys::fs::remove(path);
    note = "damaged entry " + path + " removed";
    return std::nullopt;
  }
  if (bytes.substr(48, kKeySize) != key) {
    sys::fs::remove(path);
    note = "entry " + path + " belongs to another key (" + bytes.substr(48, kKeySize).str() +
           "); removed";
    return std::nullopt;
  }
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0); // recently used
  return bytes.drop_front(kHeader).str();
}

Error DiskCache::store(StringRef key, StringRef payload) {
  if (key.size() != kKeySize)
    return createStringError("internal error: a cache key of %zu characters", key.size());
  if (auto err = ensureDir())
    return err;
  sweepStaleTemporaries(settings.dir);
  auto tmp = TempFile::create(settings.dir, key);
  if (!tmp)
    return tmp.takeError();
  raw_pwrite_stream &os = tmp->os();
  uint64_t size = payload.size();
  auto hash = entryDigest(key, payload);
  os.write(kMagic, 8);
  os.write(reinterpret_cast<const char *>(&size), 8);
  os.write(reinterpret_cast<const char *>(hash.data()), 32);
  os << key << payload;
  if (auto err = tmp->commit(entryPath(key))) {
    consumeError(std::move(err));
    return createStringError("cannot write the cache entry %s", entryPath(key).c_str());
  }
  evict();
  return Error::success();
}

void DiskCache::evict() {
  struct Entry {
    std::string path;
    uint64_t size;
    sys::TimePoint<> time;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code ec;
  for (sys::fs::directory_iterator it(settings.dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (!isEntry(it->path()))
      continue;
    sys::fs::file_status status;
    if (sys::fs::status(it->path(), status))
      continue;
    entries.push_back({it->path(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  if (total <= settings.maxBytes)
    return;
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.time < b.time; });
  // Down to 3/4 of the bound, oldest first, so evictions are not per store.
  for (const Entry &e : entries) {
    if (total <= settings.maxBytes / 4 * 3)
      break;
    if (!sys::fs::remove(e.path))
      total -= e.size;
  }
}

Expected<DiskCache::Info> DiskCache::info() {
  Info info;
  std::error_code ec;
  if (!sys::fs::exists(settings.dir))
    return info;
  for (sys::fs::directory_iterator it(settings.dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    sys::fs::file_status status;
    if (!isEntry(it->path()) || sys::fs::status(it->path(), status))
      continue;
    ++info.entries;
    info.bytes += status.getSize();
  }
  if (ec)
    return createStringError(ec, "cannot read the cache directory '%s': %s",
                             settings.dir.c_str(), ec.message().c_str());
  return info;
}

Error DiskCache::clear() {
  std::error_code ec;
  if (!sys::fs::exists(settings.dir))
    return Error::success();
  for (sys::fs::directory_iterator it(settings.dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    StringRef name = sys::path::filename(it->path());
    if (!isEntry(name) && !isTemporary(name))
      continue;
    if (auto rm = sys::fs::remove(it->path()))
      return createStringError(rm, "cannot remove '%s': %s", it->path().c_str(),
                               rm.message().c_str());
  }
  if (ec)
    return createStringError(ec, "cannot read the cache directory '%s': %s",
                             settings.dir.c_str(), ec.message().c_str());
  return Error::success();
}

Expected<std::unique_ptr<Artifact>>
compiler::compileCached(StringRef source, StringRef name, const Options &options,
                        const CacheSettings &settings, raw_ostream *log, CacheResult *result,
                        const Debug *debug) {
  auto say = [&](const Twine &line) {
    if (log)
      *log << "arrayc: cache: " << line << "\n";
  };
  if (result)
    *result = CacheResult::Off;
  if (!settings.enabled || settings.dir.empty()) {
    say("off");
    auto artifact = compile(source, name, options, debug);
    if (artifact)
      say("compiled (" + (*artifact)->phases + ")");
    return artifact;
  }
  std::string key = cacheKey(source, name, options);
  DiskCache cache(settings);
  std::string note;
  bool debugging = (debug && debug->configure) || !dumpDirectory(debug).empty();
  if (debugging)
    note = "key " + key + ": not looked up (debugging options or ARRAYC_DUMP_DIR)";
  else if (auto payload = cache.load(key, note)) {
    auto artifact = std::make_unique<Artifact>();
    if (deserialize(*payload, *artifact)) {
      say("key " + key + ": hit (" + settings.dir + ")");
      if (result)
        *result = CacheResult::Disk;
      return artifact;
    }
    note = "unreadable entry for key " + key + " ignored";
  }
  if (!note.empty())
    say(note);
  auto start = std::chrono::steady_clock::now();
  auto artifact = compile(source, name, options, debug);
  if (!artifact)
    return artifact.takeError();
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                        start)
                  .count();
  if (result)
    *result = CacheResult::Miss;
  if (!(*artifact)->filesTyped.empty()) {
    say("key " + key + ": miss, compiled in " + Twine(static_cast<int>(ms)) + " ms (" +
        (*artifact)->phases + "), not stored: typed from '" + (*artifact)->filesTyped[0] +
        "', which may change");
    return artifact;
  }
  if (auto err = cache.store(key, serialize(**artifact)))
    say("key " + key + ": miss, compiled in " + Twine(static_cast<int>(ms)) + " ms (" +
        (*artifact)->phases + "), not stored: " + toString(std::move(err)));
  else
    say("key " + key + ": miss, compiled in " + Twine(static_cast<int>(ms)) + " ms (" +
        (*artifact)->phases + "), stored in " + settings.dir);
  return artifact;
}
