// OpenBLAS's kernel set (src/threads.cpp): where OpenBLAS falls back to its
// generic Prescott kernels on a CPU with AVX2/FMA or AVX-512, the runtime
// chooses the CPU's kernels, and products stay right; a core the user chose
// with OPENBLAS_CORETYPE stays.
#include "internal.h"

#include <cblas.h>
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

/// Restarts OpenBLAS's kernel selection as it runs at load, with
/// OPENBLAS_CORETYPE=`core` (null: unset).
void restartOpenBLAS(const char *core) {
  auto quit = reinterpret_cast<void (*)()>(dlsym(RTLD_DEFAULT, "gotoblas_dynamic_quit"));
  auto init = reinterpret_cast<void (*)()>(dlsym(RTLD_DEFAULT, "gotoblas_dynamic_init"));
  ASSERT_TRUE(quit && init);
  if (core)
    setenv("OPENBLAS_CORETYPE", core, 1);
  quit();
  init();
}

/// max |C - A B| over a 67x45x33 product of random floats.
double sgemmError() {
  const int m = 67, n = 45, k = 33;
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> a(m * k), b(k * n), c(m * n);
  for (float &x : a)
    x = u(gen);
  for (float &x : b)
    x = u(gen);
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), k, b.data(),
              n, 0.0f, c.data(), n);
  double worst = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = 0;
      for (int p = 0; p < k; ++p)
        ref += double(a[i * k + p]) * b[p * n + j];
      worst = std::max(worst, std::fabs(ref - c[i * n + j]));
    }
  return worst;
}

bool cpuHasAVX2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

TEST(OpenBLASKernels, FallbackIsReplacedByTheCPUsKernels) {
  if (!arrayc_rt::openBLASCoreName() || !dlsym(RTLD_DEFAULT, "gotoblas_dynamic_init"))
    GTEST_SKIP() << "not a DYNAMIC_ARCH OpenBLAS";
  if (!cpuHasAVX2())
    GTEST_SKIP() << "no AVX2/FMA: Prescott's kernels are OpenBLAS's right choice";
  std::string before = arrayc_rt::openBLASCoreName();
  // OpenBLAS as it starts on an x86 CPU it does not know.
  restartOpenBLAS("Prescott");
  unsetenv("OPENBLAS_CORETYPE");
  ASSERT_STREQ(arrayc_rt::openBLASCoreName(), "Prescott");
  EXPECT_LT(sgemmError(), 1e-4);
  const char *chosen = arrayc_rt::reselectOpenBLASKernels(/*onlyFromFallback=*/true);
  ASSERT_NE(chosen, nullptr);
  EXPECT_STRCASEEQ(arrayc_rt::openBLASCoreName(), chosen);
  EXPECT_EQ(std::getenv("OPENBLAS_CORETYPE"), nullptr);
  EXPECT_LT(sgemmError(), 1e-4);
  // Not a fallback: nothing changes.
  EXPECT_EQ(arrayc_rt::reselectOpenBLASKernels(true), nullptr);
  restartOpenBLAS(before.c_str());
  unsetenv("OPENBLAS_CORETYPE");
}

TEST(OpenBLASKernels, TheUsersCoreTypeStays) {
  if (!arrayc_rt::openBLASCoreName() || !dlsym(RTLD_DEFAULT, "gotoblas_dynamic_init"))
    GTEST_SKIP() << "not a DYNAMIC_ARCH OpenBLAS";
  std::string before = arrayc_rt::openBLASCoreName();
  restartOpenBLAS("Prescott"); // and left set, as a user's choice
  EXPECT_EQ(arrayc_rt::reselectOpenBLASKernels(true), nullptr);
  EXPECT_STREQ(arrayc_rt::openBLASCoreName(), "Prescott");
  restartOpenBLAS(before.c_str());
  unsetenv("OPENBLAS_CORETYPE");
}

} // namespace
