// The GPU matrix-product entry points (src/cublas.cpp, src/cublaslt.cpp)
// refuse what they cannot compute before they touch the device or load a
// library: each failure is located by the entry point's name (cuda_libs.h's
// fail), and ends a recoverable region instead of exiting. No GPU needed.
#include "arrayc_rt/runtime.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

extern "C" {
void arrayc_rt_cublas_gemm_f32(int64_t prank, void *pdesc, int64_t arank, void *adesc,
                               int64_t brank, void *bdesc, int64_t crank, void *cdesc,
                               int32_t accumulate);
void arrayc_rt_cublas_lt_gemm_f32(int64_t prank, void *pdesc, int64_t arank, void *adesc,
                                  int64_t brank, void *bdesc, int64_t drank, void *ddesc,
                                  int64_t biasRank, void *biasDesc, float alpha, int32_t flags);
}

namespace {

// A memref<?xi64> descriptor.
struct Vector {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
};

// The message of the region `call` fails in ("" when it does not fail).
std::string failureOf(const std::function<void()> &call) {
  bool failed = false;
  arrayc_rt_region_begin();
  try {
    call();
  } catch (...) {
    failed = true;
  }
  arrayc_rt_region_end(failed);
  return failed ? arrayc_rt_region_message() : "";
}

TEST(CudaGemmEntries, BadPlanIsLocated) {
  int64_t entries[1] = {0};
  Vector plan = {entries, entries, 0, {1}, {1}};
  // A plan of rank 2 is not the compiler's.
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_gemm_f32(2, &plan, 0, nullptr, 0, nullptr, 0, nullptr, 0);
            }),
            "arrayc_rt_cublas_gemm_f32: bad plan");
  Vector strided = {entries, entries, 0, {1}, {2}};
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_lt_gemm_f32(1, &strided, 0, nullptr, 0, nullptr, 0, nullptr, 0,
                                           nullptr, 1.0f, 0);
            }),
            "arrayc_rt_cublas_lt_gemm_f32: bad plan");
}

TEST(CudaGemmEntries, WhatTheGpuDoesNotComputeIsLocated) {
  int64_t entries[1] = {0};
  Vector plan = {entries, entries, 0, {1}, {1}};
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_gemm_f32(1, &plan, 0, nullptr, 0, nullptr, 0, nullptr, 1);
            }),
            "arrayc_rt_cublas_gemm_f32: accumulating into the result is not supported on the "
            "GPU");
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_lt_gemm_f32(1, &plan, 0, nullptr, 0, nullptr, 0, nullptr, 0,
                                           nullptr, 1.0f, 8);
            }),
            "arrayc_rt_cublas_lt_gemm_f32: bad epilogue flags 8");
  // A plan that does not fit the operands (three scalars): gemm_plan.h's
  // message.
  int64_t two[2] = {0, 0};
  Vector longer = {two, two, 0, {2}, {1}};
  int64_t scalar[3] = {0, 0, 0}; // a rank-0 memref descriptor
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_gemm_f32(1, &longer, 0, scalar, 0, scalar, 0, scalar, 0);
            }),
            "arrayc_rt_cublas_gemm_f32: gemm: plan of 2 entries for 0 loops and ranks 0, 0, 0");
  EXPECT_EQ(failureOf([&] {
              arrayc_rt_cublas_lt_gemm_f32(1, &longer, 0, scalar, 0, scalar, 0, scalar, 0,
                                           nullptr, 1.0f, 0);
            }),
            "arrayc_rt_cublas_lt_gemm_f32: gemm: plan of 2 entries for 0 loops and ranks 0, 0, "
            "0");
}

} // namespace
