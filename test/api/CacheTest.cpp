//===- CacheTest.cpp - the compile cache: hits, damage, privacy, bound ----===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <dirent.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using arrayc::Array;

namespace {

const char *kSource = "def inc(x: f32[n]) -> f32[n]:\n    return x + 1.0\n";

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/arrayc-cache-test-XXXXXX";
    path = mkdtemp(tmpl);
    path += "/cache"; // created by arrayc, 0700
  }
  ~TempDir() { (void)std::system(("rm -rf " + path.substr(0, path.rfind('/'))).c_str()); }
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    if (DIR *d = opendir(path.c_str())) {
      while (dirent *e = readdir(d)) {
        std::string name = e->d_name;
        if (name.size() > 7 && name.substr(name.size() - 7) == ".arrayc")
          out.push_back(path + "/" + name);
      }
      closedir(d);
    }
    return out;
  }
};

arrayc::Context context(const std::string &dir) {
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  o.cacheDir = dir;
  o.cache = 1;
  o.verbose = 1;
  return arrayc::Context::create(o).value();
}

/// Compiles kSource in a fresh context (empty memory cache); returns the
/// cache log and checks the code runs right.
std::string compileAndRun(const std::string &dir, const char *source = kSource) {
  testing::internal::CaptureStderr();
  auto ctx = context(dir);
  auto m = ctx.compile(source);
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(m) << m.error().message;
  if (!m)
    return log;
  auto fn = m->function<Array(Array)>("inc");
  std::vector<float> x{1, 2, 3};
  auto r = (*fn)(Array::view(x));
  EXPECT_TRUE(r);
  if (r)
    EXPECT_EQ(r->data<float>()[2], 4.0f);
  return log;
}

TEST(Cache, MissThenDiskHitThenMemoryHit) {
  TempDir dir;
  EXPECT_NE(compileAndRun(dir.path).find(": miss, compiled in"), std::string::npos);
  std::string log = compileAndRun(dir.path);
  EXPECT_NE(log.find(": hit (" + dir.path + ")"), std::string::npos) << log;
  ASSERT_EQ(dir.entries().size(), 1u);
  // The same context: the loaded module is reused.
  auto ctx = context(dir.path);
  (void)ctx.compile(kSource);
  testing::internal::CaptureStderr();
  auto again = ctx.compile(kSource);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("hit (memory)"), std::string::npos);
}

TEST(Cache, PrivateDirectoryAndFiles) {
  TempDir dir;
  compileAndRun(dir.path);
  struct stat st;
  ASSERT_EQ(stat(dir.path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
  ASSERT_EQ(stat(dir.entries().at(0).c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0077, 0u);
  // A directory others may write to is not used (never loaded from).
  chmod(dir.path.c_str(), 0777);
  std::string log = compileAndRun(dir.path);
  EXPECT_NE(log.find("is not private to this user"), std::string::npos) << log;
  EXPECT_EQ(log.find(": hit ("), std::string::npos);
}

void damage(const std::string &path, bool truncate) {
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  if (truncate)
    bytes.resize(bytes.size() / 2);
  else
    bytes[bytes.size() * 2 / 3] ^= 0x5a; // one bit pattern in the object code
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(Cache, DamagedEntriesAreRecompiledNeverLoaded) {
  for (bool truncate : {false, true}) {
    TempDir dir;
    compileAndRun(dir.path);
    std::string entry = dir.entries().at(0);
    damage(entry, truncate);
    std::string log = compileAndRun(dir.path); // runs right: recompiled
    EXPECT_NE(log.find("damaged entry " + entry + " removed"), std::string::npos) << log;
    EXPECT_NE(log.find(": miss, compiled in"), std::string::npos);
    // The rewritten entry is intact again.
    EXPECT_NE(compileAndRun(dir.path).find(": hit ("), std::string::npos);
  }
}

TEST(Cache, OptionsAndSourceAreInTheKey) {
  TempDir dir;
  compileAndRun(dir.path);
  compileAndRun(dir.path, "def inc(x: f32[n]) -> f32[n]:\n    return x + 1.0  # edited\n");
  EXPECT_EQ(dir.entries().size(), 2u);
  auto ctx = context(dir.path);
  arrayc::CompileOptions o;
  o.fusion = false;
  testing::internal::CaptureStderr();
  auto m = ctx.compile(kSource, o);
  EXPECT_NE(testing::internal::GetCapturedStderr().find(": miss"), std::string::npos);
  EXPECT_EQ(dir.entries().size(), 3u);
}

TEST(Cache, SizeBoundEvictsTheLeastRecentlyUsed) {
  TempDir dir;
  setenv("ARRAYC_CACHE_MAX_BYTES", "40000", 1); // read when a context is made
  for (int i = 0; i < 8; ++i) {
    std::string source = std::string(kSource) + "def f" + std::to_string(i) +
                         "(x: f32[n]) -> f32[n]:\n    return x * " + std::to_string(i) + ".0\n";
    compileAndRun(dir.path, source.c_str());
  }
  unsetenv("ARRAYC_CACHE_MAX_BYTES");
  uint64_t total = 0;
  for (const std::string &e : dir.entries()) {
    struct stat st;
    stat(e.c_str(), &st);
    total += st.st_size;
  }
  EXPECT_LE(total, 40000u);
  EXPECT_GE(dir.entries().size(), 1u);
  EXPECT_LT(dir.entries().size(), 8u);
}

TEST(Cache, OffMeansNoFiles) {
  TempDir dir;
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  o.cacheDir = dir.path;
  o.cache = 0;
  auto ctx = arrayc::Context::create(o).value();
  ASSERT_TRUE(ctx.compile(kSource));
  EXPECT_TRUE(dir.entries().empty());
}

} // namespace
