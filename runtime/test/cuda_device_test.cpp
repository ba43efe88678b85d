// The current device (src/cuda.cpp): each device has its own context, pool,
// default stream and loaded kernels, and the calling thread's current device
// (arrayc_rt_set_device) is where everything goes. Without a GPU only the
// refusal of set_device runs; the one-GPU tests need a GPU, the two-GPU tests
// two (each is skipped otherwise).
#include "arrayc_rt/runtime.h"
#include "cuda_test_support.h"

#include <cuda.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace arrayc_rt_test;

int deviceCount() { return arrayc_rt_cuda_device_count(); }

// The ordinal of the device holding `p`, as the driver sees it.
int ordinalOf(const void *p) {
  int ordinal = -1;
  if (cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                            reinterpret_cast<CUdeviceptr>(p)) != CUDA_SUCCESS)
    return -1;
  return ordinal;
}

// Runs add_one on `n` floats (0, 1, ...) on the current device; the result.
std::vector<float> addOne(void *module, int n) {
  CUstream s = static_cast<CUstream>(mgpuStreamCreate());
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = float(i);
  auto *d = static_cast<float *>(mgpuMemAlloc(n * 4, s, false));
  EXPECT_EQ(ordinalOf(d), arrayc_rt_get_device());
  mgpuMemcpy(d, h.data(), n * 4, s);
  auto f = static_cast<CUfunction>(mgpuModuleGetFunction(module, "add_one"));
  launchAddOne(f, d, unsigned(n), s);
  mgpuMemcpy(h.data(), d, n * 4, s);
  EXPECT_EQ(arrayc_rt_stream_synchronize(nullptr), ARRAYC_RT_OK);
  mgpuMemFree(d, s);
  return h;
}

// A device ordinal that does not exist is refused with a message, never a
// crash; without a driver every ordinal is refused (no GPU needed).
TEST(CurrentDevice, InvalidOrdinalIsAnError) {
  int n = deviceCount();
  EXPECT_EQ(arrayc_rt_get_device(), 0);
  arrayc_rt_status st = arrayc_rt_set_device(n);
  EXPECT_NE(st, ARRAYC_RT_OK);
  std::string msg = arrayc_rt_last_error();
  if (n == 0) {
    EXPECT_EQ(st, ARRAYC_RT_ERR_DEVICE);
    EXPECT_NE(msg.find("no usable GPU"), std::string::npos) << msg;
  } else {
    EXPECT_EQ(st, ARRAYC_RT_ERR_INVALID);
    EXPECT_NE(msg.find("invalid device ordinal: device " + std::to_string(n) +
                       " does not exist"),
              std::string::npos)
        << msg;
  }
  EXPECT_NE(arrayc_rt_set_device(-1), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_get_device(), 0); // unchanged
}

TEST(CurrentDevice, DeviceZeroRunsKernels) {
  if (deviceCount() < 1)
    GTEST_SKIP() << "no GPU";
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  void *module = loadAddOne();
  std::vector<float> out = addOne(module, 300);
  for (int i = 0; i < 300; ++i)
    ASSERT_EQ(out[i], float(i + 1));
  mgpuModuleUnload(module);
}

// The thread's current device is its own: another thread starts on 0.
TEST(CurrentDevice, PerThread) {
  if (deviceCount() < 2)
    GTEST_SKIP() << "needs two GPUs";
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  int other = -1;
  std::thread([&] { other = arrayc_rt_get_device(); }).join();
  EXPECT_EQ(other, 0);
  EXPECT_EQ(arrayc_rt_get_device(), 1);
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
}

// A module loaded on device 0 runs on device 1 (loaded there on first use),
// memory comes from device 1, and each device's pool counts its own blocks.
TEST(CurrentDevice, TwoDevices) {
  if (deviceCount() < 2)
    GTEST_SKIP() << "needs two GPUs";
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  void *module = loadAddOne();
  auto f0 = mgpuModuleGetFunction(module, "add_one");
  std::vector<float> out0 = addOne(module, 1000);
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  auto f1 = mgpuModuleGetFunction(module, "add_one");
  EXPECT_NE(f0, f1); // the kernel of device 1's context
  std::vector<float> out1 = addOne(module, 1000);
  EXPECT_EQ(out0, out1);
  EXPECT_EQ(out1[999], 1000.0f);

  // Pools: a block of device 1 counts in device 1's pool only.
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  size_t used0 = arrayc_rt_pool_used_bytes();
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  size_t used1 = arrayc_rt_pool_used_bytes();
  void *block = mgpuMemAlloc(1 << 20, static_cast<CUstream>(mgpuStreamCreate()), false);
  EXPECT_EQ(ordinalOf(block), 1);
  EXPECT_GE(arrayc_rt_pool_used_bytes(), used1 + (1 << 20));
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_pool_used_bytes(), used0);
  // Freed while device 0 is current: back to device 1's pool.
  mgpuMemFree(block, static_cast<CUstream>(mgpuStreamCreate()));
  EXPECT_EQ(arrayc_rt_pool_used_bytes(), used0);
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_pool_used_bytes(), used1);

  // Streams: made on the current device; the current stream is per device.
  arrayc_rt_stream s1 = nullptr;
  ASSERT_EQ(arrayc_rt_stream_create(&s1), ARRAYC_RT_OK);
  CUcontext ctx = nullptr;
  ASSERT_EQ(cuStreamGetCtx(reinterpret_cast<CUstream>(s1), &ctx), CUDA_SUCCESS);
  CUdevice dev = -1;
  ASSERT_EQ(cuCtxPushCurrent(ctx), CUDA_SUCCESS);
  ASSERT_EQ(cuCtxGetDevice(&dev), CUDA_SUCCESS);
  cuCtxPopCurrent(&ctx);
  EXPECT_EQ(dev, 1);
  ASSERT_EQ(arrayc_rt_set_current_stream(s1), ARRAYC_RT_OK);
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_current_stream(), nullptr);
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_current_stream(), s1);
  ASSERT_EQ(arrayc_rt_set_current_stream(nullptr), ARRAYC_RT_OK);
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  EXPECT_EQ(arrayc_rt_stream_destroy(s1), ARRAYC_RT_OK); // from device 0
  mgpuModuleUnload(module);
}

// A compiled function's entry check refuses another device's array with
// CuPy's words, as a device error (in a recoverable region: no exit).
TEST(CurrentDevice, OperandOnAnotherDevice) {
  if (deviceCount() < 2)
    GTEST_SKIP() << "needs two GPUs";
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  void *block = mgpuMemAlloc(256, static_cast<CUstream>(mgpuStreamCreate()), false);
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
  static char name[] = "fn";
  struct {
    char *allocated, *aligned;
    int64_t offset, sizes[1], strides[1];
  } nm = {name, name, 0, {2}, {1}};
  bool failed = false;
  arrayc_rt_region_begin();
  try {
    arrayc_rt_check_device(reinterpret_cast<int64_t>(block), 1, 1, &nm);
  } catch (...) {
    failed = true;
  }
  arrayc_rt_region_end(failed);
  EXPECT_TRUE(failed);
  EXPECT_EQ(arrayc_rt_region_status(), ARRAYC_RT_ERR_DEVICE);
  std::string msg = arrayc_rt_region_message();
  EXPECT_NE(msg.find("argument 1 of 'fn': the device where the array resides (1) is different "
                     "from the current device (0)"),
            std::string::npos)
      << msg;
  ASSERT_EQ(arrayc_rt_set_device(1), ARRAYC_RT_OK);
  arrayc_rt_check_device(reinterpret_cast<int64_t>(block), 1, 1, &nm); // its own device
  mgpuMemFree(block, static_cast<CUstream>(mgpuStreamCreate()));
  ASSERT_EQ(arrayc_rt_set_device(0), ARRAYC_RT_OK);
}

} // namespace
