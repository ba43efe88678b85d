//===- DeviceTest.cpp - the embedding API: a context's device --------------===//
//
// A cuda context runs everything on its device (the runtime's current device
// around each operation) and its arrays record it; an array of another
// device is refused with CuPy's message and ARRAYC_ERR_DEVICE. Without a GPU
// the argument checks run (a device that does not exist, the cpu target's
// device -1); the one-GPU tests need a GPU, the two-GPU tests two.
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

const char *kScale = R"(
def scale(x: f32[n]) -> f32[n]:
    return x * 2.0 + 1.0
)";

arrayc::Result<arrayc::Context> cudaContext(int device) {
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CUDA;
  o.device = device;
  o.cache = 0;
  return arrayc::Context::create(o);
}

TEST(Devices, CountAndCpuContext) {
  int n = arrayc::cudaDeviceCount();
  EXPECT_GE(n, 0);
  EXPECT_EQ(arrayc_cuda_device_count(), n);
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  auto cpu = arrayc::Context::create(o);
  ASSERT_TRUE(cpu) << cpu.error().message;
  EXPECT_EQ(cpu->device(), -1);
  EXPECT_EQ(arrayc_context_device(nullptr), -1);
}

// A device that does not exist is ARRAYC_ERR_DEVICE, with or without a GPU.
TEST(Devices, DeviceThatDoesNotExist) {
  int n = arrayc::cudaDeviceCount();
  for (int device : {n, n + 3, -1}) {
    auto ctx = cudaContext(device);
    ASSERT_FALSE(ctx) << device;
    EXPECT_EQ(ctx.error().code, ARRAYC_ERR_DEVICE);
    if (n > 0) {
      EXPECT_NE(ctx.error().message.find("invalid device ordinal: no cuda device " +
                                         std::to_string(device)),
                std::string::npos)
          << ctx.error().message;
    }
  }
}

// A cpu context refuses device arrays as before (an argument error).
TEST(Devices, CpuContextRefusesDeviceArrays) {
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  o.cache = 0;
  auto ctx = arrayc::Context::create(o);
  ASSERT_TRUE(ctx) << ctx.error().message;
  auto mod = ctx->compile(kScale);
  ASSERT_TRUE(mod) << mod.error().message;
  auto fn = mod->function("scale");
  ASSERT_TRUE(fn);
  std::vector<float> x = {1, 2, 3};
  auto r = fn->call({arrayc::Array::view(x.data(), {3})});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->at(0).data<float>()[2], 7.0f);
  auto bad = fn->call({arrayc::Array::view(x.data(), {3}, {}, 0)});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ARRAYC_ERR_ARGUMENT);
}

TEST(Devices, DeviceZero) {
  if (arrayc::cudaDeviceCount() < 1)
    GTEST_SKIP() << "no GPU";
  auto ctx = cudaContext(0);
  ASSERT_TRUE(ctx) << ctx.error().message;
  EXPECT_EQ(ctx->device(), 0);
  auto fn = ctx->compile(kScale).value().function("scale").value();
  std::vector<float> x = {1, 2, 3, 4};
  auto dx = ctx->toDevice(arrayc::Array::view(x.data(), {4}));
  ASSERT_TRUE(dx) << dx.error().message;
  EXPECT_EQ(dx->device(), 0);
  auto r = fn.call({*dx});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->at(0).device(), 0);
  auto h = ctx->toHost(r->at(0)).value();
  EXPECT_EQ(h.data<float>()[3], 9.0f);
  // An array that says it lives on device 1 (only the descriptor is read:
  // the check comes before any copy) is refused with CuPy's words.
  auto other = fn.call({arrayc::Array::view(dx->data(), arrayc::DType::F32, {4}, {}, 1)});
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().code, ARRAYC_ERR_DEVICE);
  EXPECT_NE(other.error().message.find("scale: argument 1 ('x'): the device where the array "
                                       "resides (1) is different from the current device (0)"),
            std::string::npos)
      << other.error().message;
  auto copy = ctx->toHost(arrayc::Array::view(dx->data(), arrayc::DType::F32, {4}, {}, 1));
  ASSERT_FALSE(copy);
  EXPECT_EQ(copy.error().code, ARRAYC_ERR_DEVICE);
}

// Device 1's context makes arrays there, runs there, and refuses device 0's
// arrays; each device's pool counts its own blocks.
TEST(Devices, TwoDevices) {
  if (arrayc::cudaDeviceCount() < 2)
    GTEST_SKIP() << "needs two GPUs";
  auto ctx0 = cudaContext(0), ctx1 = cudaContext(1);
  ASSERT_TRUE(ctx0 && ctx1);
  EXPECT_EQ(ctx1->device(), 1);
  auto fn1 = ctx1->compile(kScale).value().function("scale").value();
  auto fn0 = ctx0->compile(kScale).value().function("scale").value();
  std::vector<float> x(1 << 20);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i % 1000);
  auto used0 = ctx0->poolUsage().value().used;
  auto used1 = ctx1->poolUsage().value().used;
  auto d1 = ctx1->toDevice(arrayc::Array::view(x.data(), {int64_t(x.size())})).value();
  EXPECT_EQ(d1.device(), 1);
  EXPECT_GE(ctx1->poolUsage().value().used, used1 + x.size() * 4);
  EXPECT_EQ(ctx0->poolUsage().value().used, used0);
  auto r = fn1.call({d1});
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->at(0).device(), 1);
  auto h = ctx1->toHost(r->at(0)).value();
  for (size_t i = 0; i < x.size(); i += 4097)
    ASSERT_EQ(h.data<float>()[i], x[i] * 2 + 1);
  // Device 1's array on device 0's context, and the other way round.
  auto bad = fn0.call({d1});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ARRAYC_ERR_DEVICE);
  EXPECT_NE(bad.error().message.find("the device where the array resides (1) is different "
                                     "from the current device (0)"),
            std::string::npos)
      << bad.error().message;
  auto d0 = ctx0->toDevice(arrayc::Array::view(x.data(), {int64_t(x.size())})).value();
  EXPECT_EQ(d0.device(), 0);
  auto bad1 = fn1.call({d0});
  ASSERT_FALSE(bad1);
  EXPECT_EQ(bad1.error().code, ARRAYC_ERR_DEVICE);
  // Device 0 still works after device 1's calls.
  auto r0 = fn0.call({d0});
  ASSERT_TRUE(r0) << r0.error().message;
  EXPECT_EQ(ctx0->toHost(r0->at(0)).value().data<float>()[999], 999.0f * 2 + 1);
}

} // namespace
