//===- StressTest.cpp - compiling and calling from many threads at once ---===//
//
// Threads compile (shared context, separate contexts, cache on and off) and
// call concurrently; every result must equal, bit for bit, what one thread
// computed alone.
//
// The target is cpu, or ARRAYC_API_TEST_TARGET=cuda (the GPU suite runs both).
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>

using arrayc::Array;

namespace {

std::string source(int variant) {
  // Four programs; different variants give different code and cache keys.
  return "def f(x: f32[n], y: f32[n]) -> f32[n]:\n    return np.tanh(x * " +
         std::to_string(variant + 1) + ".0) + np.sum(y) * y\n";
}

std::vector<float> input(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = std::sin(0.37f * float(i) + float(seed));
  return v;
}

std::vector<float> run(const arrayc::Context &ctx, int variant, const std::vector<float> &x,
                       const std::vector<float> &y, std::string *error) {
  auto m = ctx.compile(source(variant));
  if (!m) {
    *error = m.error().message;
    return {};
  }
  auto fn = m->function<Array(Array, Array)>("f");
  auto r = (*fn)(Array::view(const_cast<float *>(x.data()), {int64_t(x.size())}),
                 Array::view(const_cast<float *>(y.data()), {int64_t(y.size())}));
  if (!r) {
    *error = r.error().message;
    return {};
  }
  auto host = ctx.toHost(*r); // a device result: copied back
  if (!host) {
    *error = host.error().message;
    return {};
  }
  return std::vector<float>(host->data<float>(), host->data<float>() + host->size());
}

void stress(bool sharedContext, int cache) {
  const int threads = 8, iterations = 12, variants = 4;
  const size_t n = 3000;
  auto x = input(n, 1), y = input(n, 2);
  arrayc::ContextOptions o;
  const char *target = std::getenv("ARRAYC_API_TEST_TARGET");
  o.target = target && std::string(target) == "cuda" ? arrayc::Target::CUDA : arrayc::Target::CPU;
  o.cache = cache;
  char tmpl[] = "/tmp/arrayc-stress-XXXXXX";
  std::string dir = std::string(mkdtemp(tmpl)) + "/cache";
  o.cacheDir = dir;

  // The reference: one thread, no cache.
  arrayc::ContextOptions single = o;
  single.cache = 0;
  auto ctx1 = arrayc::Context::create(single).value();
  std::vector<std::vector<float>> expected;
  for (int v = 0; v < variants; ++v) {
    std::string error;
    expected.push_back(run(ctx1, v, x, y, &error));
    ASSERT_EQ(expected.back().size(), n) << error;
  }

  // Contexts of their own (cuda): each thread's calls on its own stream.
  if (!sharedContext)
    o.ownStream = true;
  auto shared = arrayc::Context::create(o).value();
  std::atomic<int> failures{0};
  std::vector<std::string> errors(threads);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      arrayc::Context own = sharedContext ? shared : arrayc::Context::create(o).value();
      for (int i = 0; i < iterations; ++i) {
        int v = (t + i) % variants;
        std::string error;
        std::vector<float> got = run(own, v, x, y, &error);
        if (got.size() != n || std::memcmp(got.data(), expected[v].data(), n * sizeof(float))) {
          ++failures;
          errors[t] = error.empty() ? "result differs from the single-thread one" : error;
        }
      }
    });
  for (std::thread &th : pool)
    th.join();
  (void)std::system(("rm -rf " + dir.substr(0, dir.rfind('/'))).c_str());
  for (const std::string &e : errors)
    EXPECT_EQ(e, "");
  EXPECT_EQ(failures.load(), 0);
}

TEST(Stress, SharedContextWithCache) { stress(true, 1); }
TEST(Stress, SharedContextNoCache) { stress(true, 0); }
TEST(Stress, ContextPerThreadWithCache) { stress(false, 1); }

} // namespace
