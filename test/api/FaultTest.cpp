//===- FaultTest.cpp - failures inside compiled code end the call, not the host
//
// A failed assert or an out-of-memory inside a call returns an error status
// with the runtime's message; the host process goes on, the memory the call
// allocated returns to the pool, and the next calls work.
//
// The target is cpu, or ARRAYC_API_TEST_TARGET=cuda (the GPU suite runs both;
// the pool-limit test is cuda's).
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <malloc.h>
#include <string>
#include <vector>

using arrayc::Array;

namespace {

bool onCuda() {
  const char *target = std::getenv("ARRAYC_API_TEST_TARGET");
  return target && std::string(target) == "cuda";
}

arrayc::Context context() {
  arrayc::ContextOptions o;
  o.target = onCuda() ? arrayc::Target::CUDA : arrayc::Target::CPU;
  o.cache = 0;
  return arrayc::Context::create(o).value();
}

const char *kFaults = R"(
def checked(x: f32[n]) -> f32[n]:
    assert min(x) > 0, "x must be positive, not {0}"
    return np.sqrt(x) * 2.0

def late(x: f32[n]) -> f32[n]:
    y = np.cumsum(x) * 2.0
    assert min(y) > 0, "fails after y is allocated"
    return y + 1.0

def grow(x: f32[n]) -> f32[n]:
    y = x * 2.0
    z = np.concatenate([y, y, y, y])
    return x + np.sum(z)
)";

TEST(Faults, AFailedAssertIsAnErrorAndTheNextCallsWork) {
  auto ctx = context();
  auto m = ctx.compile(kFaults, arrayc::CompileOptions{});
  ASSERT_TRUE(m) << m.error().message;
  auto fn = m->function<Array(Array)>("checked");
  ASSERT_TRUE(fn) << fn.error().message;
  std::vector<float> good(1000, 4.0f), bad(1000, 4.0f);
  bad[17] = -1.0f;
  for (int i = 0; i < 200; ++i) {
    auto r = (*fn)(Array::view(bad));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ARRAYC_ERR_RUNTIME);
    EXPECT_NE(r.error().message.find("checked: "), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(":3:5: AssertionError: x must be positive"),
              std::string::npos)
        << r.error().message;
    auto ok = (*fn)(Array::view(good));
    ASSERT_TRUE(ok) << ok.error().message;
    auto host = ctx.toHost(*ok);
    ASSERT_TRUE(host) << host.error().message;
    EXPECT_FLOAT_EQ(host->data<float>()[999], 4.0f);
  }
  if (onCuda()) { // the failed calls' staging buffers went back to the pool
    auto u = ctx.poolUsage();
    ASSERT_TRUE(u);
    EXPECT_LT(u->used, 64u << 10) << "bytes in use after the calls";
  }
}

// Heap bytes in use (glibc: small chunks and mmapped ones).
size_t heapInUse() {
  struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

TEST(Faults, AFailedCallFreesTheHostBuffersItAllocated) {
  if (onCuda())
    GTEST_SKIP() << "the cpu target's heap (cuda: OutOfMemory... checks the device pool)";
  auto ctx = context();
  auto m = ctx.compile(kFaults, arrayc::CompileOptions{});
  ASSERT_TRUE(m) << m.error().message;
  auto fn = m->function<Array(Array)>("late");
  ASSERT_TRUE(fn) << fn.error().message;
  std::vector<float> bad(1u << 20, 1.0f); // y: 4 MiB per call, then the assert fails
  bad[0] = -5.0f;
  ASSERT_FALSE((*fn)(Array::view(bad))); // warm up (compiled code, error strings)
  size_t before = heapInUse();
  for (int i = 0; i < 64; ++i) {
    auto r = (*fn)(Array::view(bad));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ARRAYC_ERR_RUNTIME);
  }
  size_t after = heapInUse();
  // 64 leaked buffers would be 256 MiB.
  EXPECT_LT(after, before + (8u << 20)) << "heap grew by " << (after - before) << " bytes";
}

// 2^62 bytes: the size fits in 64 bits (no size error), no machine has it.
const char *kHuge = "def huge(x: f32[4]) -> f32[4]:\n"
                    "    big = np.ones((2**28, 2**28, 16), dtype=np.float32)\n"
                    "    big[1, 2, :4] = x\n"
                    "    return big[1, 2, :4] + x\n";

TEST(Faults, OutOfMemoryNamesTheLineAndTheNextCallsWork) {
  auto ctx = context();
  auto m = ctx.compile(kHuge, arrayc::CompileOptions{});
  ASSERT_TRUE(m) << m.error().message;
  auto fn = m->function<Array(Array)>("huge");
  ASSERT_TRUE(fn) << fn.error().message;
  std::vector<float> x{1, 2, 3, 4};
  for (int i = 0; i < 3; ++i) {
    auto r = (*fn)(Array::view(x));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ARRAYC_ERR_NOMEM);
    EXPECT_NE(r.error().message.find("out of"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(":2:11: "), std::string::npos)
        << "no source position: " << r.error().message;
  }
  auto m2 = ctx.compile(kFaults, arrayc::CompileOptions{});
  ASSERT_TRUE(m2) << m2.error().message;
  auto ok = m2->function<Array(Array)>("checked");
  ASSERT_TRUE(ok) << ok.error().message;
  std::vector<float> good(1000, 4.0f);
  auto r = (*ok)(Array::view(good));
  ASSERT_TRUE(r) << r.error().message;
}

TEST(Faults, OutOfMemoryUnderThePoolLimitThenTheNext1000CallsSucceed) {
  if (!onCuda())
    GTEST_SKIP() << "the device pool is cuda's (ARRAYC_API_TEST_TARGET=cuda)";
  auto ctx = context();
  auto m = ctx.compile(kFaults, arrayc::CompileOptions{});
  ASSERT_TRUE(m) << m.error().message;
  auto fn = m->function<Array(Array)>("grow");
  ASSERT_TRUE(fn) << fn.error().message;
  ASSERT_TRUE(ctx.trimPool());
  auto before = ctx.poolUsage();
  ASSERT_TRUE(before);
  // 16 Mi floats: 64 MiB staged, then 64 MiB for the result at least: over 96 MiB.
  std::vector<float> big(16u << 20, 1.0f), small(4096, 1.0f);
  ASSERT_TRUE(ctx.setPoolLimit(96u << 20));
  for (int i = 0; i < 3; ++i) {
    auto r = (*fn)(Array::view(big));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ARRAYC_ERR_NOMEM);
    EXPECT_NE(r.error().message.find("out of memory"), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("limit"), std::string::npos) << r.error().message;
  }
  auto after = ctx.poolUsage();
  ASSERT_TRUE(after);
  EXPECT_EQ(after->used, before->used) << "the failed calls' memory went back to the pool";
  for (int i = 0; i < 1000; ++i) {
    auto r = (*fn)(Array::view(small));
    ASSERT_TRUE(r) << "call " << i << ": " << r.error().message;
    if (i == 999) {
      auto host = ctx.toHost(*r);
      ASSERT_TRUE(host) << host.error().message;
      EXPECT_FLOAT_EQ(host->data<float>()[0], 1.0f + 4 * 4096 * 2.0f);
    }
  }
  ASSERT_TRUE(ctx.setPoolLimit(0));
  auto r = (*fn)(Array::view(big)); // without the cap it fits
  ASSERT_TRUE(r) << r.error().message;
}

} // namespace
