// arrayc_rt_blas_gemm against a naive product, on the layouts the compiler
// hands it (row-major, transposed, packed-only, broadcast batch, constant
// index) and on malformed plans.
#include "arrayc_rt/runtime.h"

#include <gtest/gtest.h>

#include <complex>
#include <random>
#include <vector>

namespace {

struct Array {
  std::vector<int64_t> sizes, strides;
  std::vector<double> data; // storage large enough for the strides
};

Array random(std::vector<int64_t> sizes, std::vector<int64_t> strides, unsigned seed) {
  Array a{sizes, strides, {}};
  int64_t extent = 1;
  for (size_t d = 0; d < sizes.size(); ++d)
    extent += (sizes[d] - 1) * strides[d];
  std::mt19937 rng(seed);
  std::normal_distribution<double> dist;
  a.data.resize((size_t)extent);
  for (double &x : a.data)
    x = dist(rng);
  return a;
}

double at(const Array &a, std::initializer_list<int64_t> idx) {
  int64_t off = 0, d = 0;
  for (int64_t i : idx)
    off += i * a.strides[d++];
  return a.data[(size_t)off];
}

arrayc_rt_status run(const std::vector<int64_t> &plan, const Array &a, const Array &b,
                     Array &c, int accumulate) {
  return arrayc_rt_blas_gemm(ARRAYC_RT_F64, plan.data(), (int64_t)plan.size(),
                             (int64_t)a.sizes.size(), a.sizes.data(), a.strides.data(),
                             a.data.data(), (int64_t)b.sizes.size(), b.sizes.data(),
                             b.strides.data(), b.data.data(), (int64_t)c.sizes.size(),
                             c.sizes.data(), c.strides.data(), c.data.data(), accumulate);
}

// C(i,j) = sum_k A(i,k) B(k,j) for 2-d operands given through strides.
void checkMatmul(Array a, Array b, Array c, int accumulate) {
  Array before = c;
  // loops (m, n, k); A (m, k), B (k, n), C (m, n)
  std::vector<int64_t> plan{3, 1, 2, 3, 0, 2, 2, 1, 0, 1};
  ASSERT_EQ(run(plan, a, b, c, accumulate), ARRAYC_RT_OK) << arrayc_rt_last_error();
  for (int64_t i = 0; i < c.sizes[0]; ++i)
    for (int64_t j = 0; j < c.sizes[1]; ++j) {
      double ref = accumulate ? at(before, {i, j}) : 0.0;
      for (int64_t k = 0; k < a.sizes[1]; ++k)
        ref += at(a, {i, k}) * at(b, {k, j});
      EXPECT_NEAR(at(c, {i, j}), ref, 1e-12 * (1 + std::abs(ref))) << i << "," << j;
    }
}

TEST(Blas, RowMajor) {
  checkMatmul(random({7, 5}, {5, 1}, 1), random({5, 3}, {3, 1}, 2), random({7, 3}, {3, 1}, 3),
              0);
}

TEST(Blas, TransposedAndPaddedOperands) {
  // A stored column-major, B with a leading dimension larger than its rows.
  checkMatmul(random({7, 5}, {1, 7}, 4), random({5, 3}, {8, 1}, 5), random({7, 3}, {4, 1}, 6),
              0);
}

TEST(Blas, PacksUnaddressableLayouts) {
  // No unit stride anywhere (every other element), C column-major.
  checkMatmul(random({6, 4}, {8, 2}, 7), random({4, 5}, {10, 2}, 8),
              random({6, 5}, {1, 6}, 9), 0);
}

TEST(Blas, Accumulates) {
  checkMatmul(random({3, 4}, {4, 1}, 10), random({4, 2}, {2, 1}, 11),
              random({3, 2}, {2, 1}, 12), 1);
}

TEST(Blas, EmptyContractionWritesZeros) {
  Array a = random({3, 0}, {1, 1}, 13), b = random({0, 2}, {2, 1}, 14);
  Array c = random({3, 2}, {2, 1}, 15);
  std::vector<int64_t> plan{3, 1, 2, 3, 0, 2, 2, 1, 0, 1};
  ASSERT_EQ(run(plan, a, b, c, 0), ARRAYC_RT_OK);
  for (double x : c.data)
    EXPECT_EQ(x, 0.0);
}

TEST(Blas, BroadcastBatchAndConstantIndex) {
  // C[b0, b1, i, j] = sum_k A[b0, 0, i, k] B[b1, k, j]: A's size-1 dim is a
  // constant index, b1 a batch loop A does not index.
  Array a = random({2, 1, 3, 4}, {12, 12, 4, 1}, 16), b = random({5, 4, 2}, {8, 2, 1}, 17);
  Array c = random({2, 5, 3, 2}, {30, 6, 2, 1}, 18);
  // loops (b0, b1, i, j, k)
  std::vector<int64_t> plan{5, 0, 0, 1, 2, 3, 0, -1, 2, 4, 1, 4, 3, 0, 1, 2, 3};
  ASSERT_EQ(run(plan, a, b, c, 0), ARRAYC_RT_OK) << arrayc_rt_last_error();
  for (int64_t b0 = 0; b0 < 2; ++b0)
    for (int64_t b1 = 0; b1 < 5; ++b1)
      for (int64_t i = 0; i < 3; ++i)
        for (int64_t j = 0; j < 2; ++j) {
          double ref = 0;
          for (int64_t k = 0; k < 4; ++k)
            ref += at(a, {b0, 0, i, k}) * at(b, {b1, k, j});
          EXPECT_NEAR(at(c, {b0, b1, i, j}), ref, 1e-12 * (1 + std::abs(ref)));
        }
}

TEST(Blas, ComplexProduct) {
  std::vector<std::complex<float>> a{{1, 2}, {3, -1}}, b{{0, 1}, {2, 2}}, c(1);
  int64_t as[] = {1, 2}, ast[] = {2, 1}, bs[] = {2, 1}, bst[] = {1, 1}, cs[] = {1, 1},
          cst[] = {1, 1};
  std::vector<int64_t> plan{3, 1, 2, 3, 0, 2, 2, 1, 0, 1};
  ASSERT_EQ(arrayc_rt_blas_gemm(ARRAYC_RT_C64, plan.data(), 10, 2, as, ast, a.data(), 2, bs,
                                bst, b.data(), 2, cs, cst, c.data(), 0),
            ARRAYC_RT_OK);
  std::complex<float> ref = a[0] * b[0] + a[1] * b[1];
  EXPECT_NEAR(c[0].real(), ref.real(), 1e-5);
  EXPECT_NEAR(c[0].imag(), ref.imag(), 1e-5);
}

TEST(Blas, RejectsMalformedPlans) {
  Array a = random({2, 3}, {3, 1}, 19), b = random({3, 2}, {2, 1}, 20);
  Array c = random({2, 2}, {2, 1}, 21);
  // Wrong length, no k loop, mismatched sizes (k indexed by A's dim 0).
  EXPECT_EQ(run({3, 1, 2, 3, 0, 2}, a, b, c, 0), ARRAYC_RT_ERR_INVALID);
  EXPECT_EQ(run({3, 1, 2, 0, 0, 2, 2, 1, 0, 1}, a, b, c, 0), ARRAYC_RT_ERR_INVALID);
  EXPECT_EQ(run({3, 1, 2, 3, 2, 0, 2, 1, 0, 1}, a, b, c, 0), ARRAYC_RT_ERR_SHAPE);
  EXPECT_EQ(arrayc_rt_blas_gemm(ARRAYC_RT_I32, nullptr, 0, 0, nullptr, nullptr, nullptr, 0,
                                nullptr, nullptr, nullptr, 0, nullptr, nullptr, nullptr, 0),
            ARRAYC_RT_ERR_DTYPE);
}

} // namespace
