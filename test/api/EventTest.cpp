//===- EventTest.cpp - the embedding API: events, stream handles, NVTX -----===//
//
// The cpu target refuses events with a clear status; the cuda tests (skipped
// without a usable GPU) time a call between two events, query and wait on
// them, and order a second stream after the context's with an event.
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

arrayc_context makeContext(int32_t target) {
  arrayc_context_options o;
  arrayc_context_options_init(&o);
  o.target = target;
  arrayc_context ctx = nullptr;
  if (arrayc_context_create(&o, &ctx) != ARRAYC_OK)
    return nullptr;
  return ctx;
}

// A chain long enough that the GPU is still busy when the call returns.
const char *kChain = R"(
def chain(x: f32[n]) -> f32[n]:
    y = x
    for i in range(200):
        y = np.sin(y) * 0.5 + x
    return y
)";

TEST(Events, CpuTargetRefusesEventsWithAStatus) {
  arrayc_context ctx = makeContext(ARRAYC_TARGET_CPU);
  ASSERT_NE(ctx, nullptr) << arrayc_last_error();
  arrayc_event ev = reinterpret_cast<arrayc_event>(0x1);
  EXPECT_EQ(arrayc_event_create(ctx, 0, &ev), ARRAYC_ERR_DEVICE);
  EXPECT_EQ(ev, nullptr);
  EXPECT_NE(std::string(arrayc_last_error()).find("cpu"), std::string::npos)
      << arrayc_last_error();
  uintptr_t handle = 1;
  EXPECT_EQ(arrayc_stream_handle(ctx, nullptr, &handle), ARRAYC_ERR_DEVICE);
  EXPECT_EQ(handle, 0u);
  arrayc_context_release(ctx);
}

TEST(Events, CppWrappers) {
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  arrayc::Context ctx = arrayc::Context::create(o).value();
  auto ev = arrayc::Event::create(ctx);
  ASSERT_FALSE(ev);
  EXPECT_EQ(ev.error().code, ARRAYC_ERR_DEVICE);
  { arrayc::Range outer("outer"); arrayc::Range inner("inner"); }
  o.target = arrayc::Target::CUDA;
  auto gpu = arrayc::Context::create(o);
  if (!gpu)
    GTEST_SKIP() << "no cuda target: " << gpu.error().message;
  auto start = arrayc::Event::create(*gpu), end = arrayc::Event::create(*gpu);
  ASSERT_TRUE(start && end) << arrayc_last_error();
  ASSERT_TRUE(start->record());
  ASSERT_TRUE(end->record());
  ASSERT_TRUE(end->synchronize());
  auto done = end->done();
  ASSERT_TRUE(done);
  EXPECT_TRUE(*done);
  auto ms = arrayc::Event::elapsedMs(*start, *end);
  ASSERT_TRUE(ms) << ms.error().message;
  EXPECT_GE(*ms, 0.0f);
  EXPECT_TRUE(end->makeWait());
}

TEST(Events, NullArgumentsAreInvalid) {
  EXPECT_EQ(arrayc_event_create(nullptr, 0, nullptr), ARRAYC_ERR_INVALID);
  EXPECT_EQ(arrayc_event_destroy(nullptr), ARRAYC_OK);
  EXPECT_EQ(arrayc_event_record(nullptr, nullptr), ARRAYC_ERR_INVALID);
  EXPECT_EQ(arrayc_event_synchronize(nullptr), ARRAYC_ERR_INVALID);
  int32_t done;
  EXPECT_EQ(arrayc_event_query(nullptr, &done), ARRAYC_ERR_INVALID);
  float ms;
  EXPECT_EQ(arrayc_event_elapsed_ms(nullptr, nullptr, &ms), ARRAYC_ERR_INVALID);
  EXPECT_EQ(arrayc_stream_wait_event(nullptr, nullptr), ARRAYC_ERR_INVALID);
  EXPECT_EQ(arrayc_stream_handle(nullptr, nullptr, nullptr), ARRAYC_ERR_INVALID);
}

TEST(Ranges, PushAndPopNestWithoutAProfiler) {
  // Without a profiler attached NVTX does nothing; the calls must still be
  // safe to nest, with NULL too, on any target.
  EXPECT_TRUE(arrayc_nvtx_available() == 0 || arrayc_nvtx_available() == 1);
  arrayc_range_push("outer");
  arrayc_range_push(nullptr);
  arrayc_range_pop();
  arrayc_range_pop();
  arrayc_context ctx = makeContext(ARRAYC_TARGET_CPU);
  ASSERT_NE(ctx, nullptr);
  arrayc_module mod;
  ASSERT_EQ(arrayc_compile(ctx, kChain, std::strlen(kChain), nullptr, &mod), ARRAYC_OK)
      << arrayc_last_error();
  arrayc_function fn;
  ASSERT_EQ(arrayc_module_lookup(mod, "chain", &fn), ARRAYC_OK);
  std::vector<float> x(64, 1.0f);
  int64_t n = 64;
  arrayc_array arg, out;
  arrayc_array_init(&arg, x.data(), ARRAYC_F32, 1, &n, nullptr, -1);
  arrayc_range_push("a call inside a range"); // the call is a range of its own inside
  ASSERT_EQ(arrayc_call(fn, &arg, 1, &out, 1), ARRAYC_OK) << arrayc_last_error();
  arrayc_range_pop();
  arrayc_array_release(&out);
  arrayc_module_release(mod);
  arrayc_context_release(ctx);
}

class CudaEvents : public ::testing::Test {
protected:
  void SetUp() override {
    ctx = makeContext(ARRAYC_TARGET_CUDA);
    if (!ctx)
      GTEST_SKIP() << "no cuda target: " << arrayc_last_error();
    ASSERT_EQ(arrayc_compile(ctx, kChain, std::strlen(kChain), nullptr, &mod), ARRAYC_OK)
        << arrayc_last_error();
    ASSERT_EQ(arrayc_module_lookup(mod, "chain", &fn), ARRAYC_OK);
    x.assign(1 << 22, 0.25f);
    int64_t n = static_cast<int64_t>(x.size());
    arrayc_array host;
    arrayc_array_init(&host, x.data(), ARRAYC_F32, 1, &n, nullptr, -1);
    ASSERT_EQ(arrayc_array_to_device(ctx, &host, &dx), ARRAYC_OK) << arrayc_last_error();
  }
  void TearDown() override {
    if (!ctx)
      return;
    arrayc_array_release(&dx);
    arrayc_module_release(mod);
    arrayc_context_release(ctx);
  }
  arrayc_context ctx = nullptr;
  arrayc_module mod = nullptr;
  arrayc_function fn = nullptr;
  std::vector<float> x;
  arrayc_array dx{};
};

TEST_F(CudaEvents, ElapsedTimeOfACall) {
  arrayc_event start, end;
  ASSERT_EQ(arrayc_event_create(ctx, 0, &start), ARRAYC_OK) << arrayc_last_error();
  ASSERT_EQ(arrayc_event_create(ctx, ARRAYC_EVENT_BLOCKING_SYNC, &end), ARRAYC_OK);
  int32_t done = 0;
  ASSERT_EQ(arrayc_event_query(end, &done), ARRAYC_OK);
  EXPECT_EQ(done, 1); // never recorded
  ASSERT_EQ(arrayc_event_record(start, nullptr), ARRAYC_OK) << arrayc_last_error();
  arrayc_array out;
  ASSERT_EQ(arrayc_call(fn, &dx, 1, &out, 1), ARRAYC_OK) << arrayc_last_error();
  ASSERT_EQ(arrayc_event_record(end, nullptr), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_query(end, &done), ARRAYC_OK);
  // 200 kernels over 4M elements: not finished when the call returns.
  EXPECT_EQ(done, 0);
  ASSERT_EQ(arrayc_event_synchronize(end), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_query(end, &done), ARRAYC_OK);
  EXPECT_EQ(done, 1);
  float ms = -1;
  ASSERT_EQ(arrayc_event_elapsed_ms(start, end, &ms), ARRAYC_OK) << arrayc_last_error();
  EXPECT_GT(ms, 0.0f);
  EXPECT_LT(ms, 10000.0f);
  arrayc_array_release(&out);
  EXPECT_EQ(arrayc_event_destroy(start), ARRAYC_OK);
  EXPECT_EQ(arrayc_event_destroy(end), ARRAYC_OK);
}

TEST_F(CudaEvents, UntimedEventsGiveNoElapsedTime) {
  arrayc_event a, b;
  ASSERT_EQ(arrayc_event_create(ctx, ARRAYC_EVENT_DISABLE_TIMING, &a), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_create(ctx, ARRAYC_EVENT_DISABLE_TIMING, &b), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_record(a, nullptr), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_record(b, nullptr), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_synchronize(b), ARRAYC_OK);
  float ms;
  EXPECT_EQ(arrayc_event_elapsed_ms(a, b, &ms), ARRAYC_ERR_DEVICE);
  EXPECT_STRNE(arrayc_last_error(), "");
  EXPECT_EQ(arrayc_event_create(ctx, 64, &a), ARRAYC_ERR_INVALID);
  arrayc_event_destroy(b);
}

TEST_F(CudaEvents, AStreamWaitsOnAnEvent) {
  void *stream = nullptr;
  ASSERT_EQ(arrayc_stream_create(ctx, &stream), ARRAYC_OK);
  uintptr_t handle = 0, ctxHandle = 0;
  ASSERT_EQ(arrayc_stream_handle(ctx, stream, &handle), ARRAYC_OK);
  EXPECT_EQ(handle, reinterpret_cast<uintptr_t>(stream));
  ASSERT_EQ(arrayc_stream_handle(ctx, nullptr, &ctxHandle), ARRAYC_OK);
  EXPECT_NE(ctxHandle, 0u);
  EXPECT_NE(ctxHandle, handle);
  // The context's stream makes y; the other stream reads it after an event.
  arrayc_array y, z;
  ASSERT_EQ(arrayc_call(fn, &dx, 1, &y, 1), ARRAYC_OK) << arrayc_last_error();
  arrayc_event ready, done;
  ASSERT_EQ(arrayc_event_create(ctx, ARRAYC_EVENT_DISABLE_TIMING, &ready), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_create(ctx, ARRAYC_EVENT_DISABLE_TIMING, &done), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_record(ready, nullptr), ARRAYC_OK);
  ASSERT_EQ(arrayc_stream_wait_event(stream, ready), ARRAYC_OK) << arrayc_last_error();
  ASSERT_EQ(arrayc_call_on(fn, stream, &y, 1, &z, 1), ARRAYC_OK) << arrayc_last_error();
  ASSERT_EQ(arrayc_event_record(done, stream), ARRAYC_OK);
  ASSERT_EQ(arrayc_event_synchronize(done), ARRAYC_OK);
  arrayc_array hz, hy;
  ASSERT_EQ(arrayc_array_to_host(ctx, &y, &hy), ARRAYC_OK);
  ASSERT_EQ(arrayc_array_to_host(ctx, &z, &hz), ARRAYC_OK);
  // z = chain(chain(x)): recompute the second step on the host from y.
  const float *py = static_cast<const float *>(hy.data);
  const float *pz = static_cast<const float *>(hz.data);
  for (size_t i = 0; i < x.size(); i += 4099) {
    float w = py[i];
    for (int k = 0; k < 200; ++k)
      w = std::sin(w) * 0.5f + py[i];
    EXPECT_NEAR(pz[i], w, 1e-4f) << i;
  }
  arrayc_array_release(&hy);
  arrayc_array_release(&hz);
  arrayc_array_release(&y);
  arrayc_array_release(&z);
  arrayc_event_destroy(ready);
  arrayc_event_destroy(done);
  EXPECT_EQ(arrayc_stream_destroy(ctx, stream), ARRAYC_OK);
}

} // namespace
