// arrayc_rt_blas_gemm against a naive product, on the layouts the compiler
// hands it (row-major, transposed, packed-only, broadcast batch, constant
// index) and on malformed plans; the batch's collapsing into strided-batched
// GEMM calls (gemm_plan.h, what cublas.cpp issues) and the threaded batch.
#include "arrayc_rt/runtime.h"
#include "gemm_plan.h"

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

TEST(Blas, MatrixTimesVector) {
  // One column of C: gemv, A row-major, transposed, or packed; the vector
  // contiguous or a strided column; C a strided column.
  checkMatmul(random({9, 6}, {6, 1}, 21), random({6, 1}, {1, 1}, 22), random({9, 1}, {1, 1}, 23),
              0);
  checkMatmul(random({9, 6}, {1, 9}, 24), random({6, 1}, {4, 1}, 25), random({9, 1}, {3, 1}, 26),
              0);
  checkMatmul(random({9, 6}, {12, 2}, 27), random({6, 1}, {5, 1}, 28),
              random({9, 1}, {1, 1}, 29), 0);
  checkMatmul(random({9, 6}, {6, 1}, 30), random({6, 1}, {1, 1}, 31), random({9, 1}, {1, 1}, 32),
              1);
}

TEST(Blas, VectorTimesMatrix) {
  // One row of C: gemv on B, B row-major or transposed; the vector (A's one
  // row) contiguous or strided.
  checkMatmul(random({1, 6}, {6, 1}, 33), random({6, 8}, {8, 1}, 34), random({1, 8}, {8, 1}, 35),
              0);
  checkMatmul(random({1, 6}, {1, 3}, 36), random({6, 8}, {1, 6}, 37), random({1, 8}, {8, 1}, 38),
              0);
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

// A batched product C[b..., i, j] = sum_k A[...] B[...] checked against the
// naive sum, with the batch loops' strides given per operand (0: broadcast).
struct Batched {
  std::vector<int64_t> batch;         // batch loop sizes
  std::vector<int64_t> as, bs, cs;    // per batch loop: each operand's stride
  int64_t m, n, k;
  int64_t ars, acs, brs, bcs, crs, ccs;
};

void checkBatched(const Batched &t, int accumulate, unsigned seed) {
  const int64_t nb = (int64_t)t.batch.size();
  auto make = [&](const std::vector<int64_t> &bst, int64_t r, int64_t c, int64_t rs,
                  int64_t cs, unsigned sd) {
    std::vector<int64_t> sizes = t.batch, strides = bst;
    sizes.push_back(r), sizes.push_back(c);
    strides.push_back(rs), strides.push_back(cs);
    return random(sizes, strides, sd);
  };
  Array a = make(t.as, t.m, t.k, t.ars, t.acs, seed);
  Array b = make(t.bs, t.k, t.n, t.brs, t.bcs, seed + 1);
  Array c = make(t.cs, t.m, t.n, t.crs, t.ccs, seed + 2);
  Array before = c;
  // loops (batch..., m, n, k); A (batch..., m, k), B (batch..., k, n), C (batch..., m, n)
  std::vector<int64_t> plan{nb + 3};
  for (int64_t l = 0; l < nb; ++l)
    plan.push_back(0);
  plan.insert(plan.end(), {1, 2, 3});
  for (int o = 0; o < 3; ++o) {
    for (int64_t l = 0; l < nb; ++l)
      plan.push_back(l);
    const int64_t mL = nb, nL = nb + 1, kL = nb + 2;
    if (o == 0) plan.insert(plan.end(), {mL, kL});
    if (o == 1) plan.insert(plan.end(), {kL, nL});
    if (o == 2) plan.insert(plan.end(), {mL, nL});
  }
  ASSERT_EQ(run(plan, a, b, c, accumulate), ARRAYC_RT_OK) << arrayc_rt_last_error();
  int64_t total = 1;
  for (int64_t s : t.batch)
    total *= s;
  for (int64_t it = 0; it < total; ++it) {
    int64_t oa = 0, ob = 0, oc = 0, rest = it;
    for (int64_t l = nb - 1; l >= 0; --l) {
      int64_t i = rest % t.batch[l];
      rest /= t.batch[l];
      oa += i * t.as[l], ob += i * t.bs[l], oc += i * t.cs[l];
    }
    for (int64_t i = 0; i < t.m; ++i)
      for (int64_t j = 0; j < t.n; ++j) {
        size_t ci = (size_t)(oc + i * t.crs + j * t.ccs);
        double ref = accumulate ? before.data[ci] : 0.0;
        for (int64_t k = 0; k < t.k; ++k)
          ref += a.data[(size_t)(oa + i * t.ars + k * t.acs)] *
                 b.data[(size_t)(ob + k * t.brs + j * t.bcs)];
        ASSERT_NEAR(c.data[ci], ref, 1e-11 * (1 + std::abs(ref)))
            << "batch " << it << " (" << i << "," << j << ")";
      }
  }
}

// Enough work (300 products of 32x32x32: 9.8M multiply-adds, 2^20 per thread)
// for the threaded batch when the runtime has more than one thread; the same
// answer either way.
TEST(Blas, LargeBatchOfSmallProducts) {
  checkBatched({{300}, {1024}, {1024}, {1024}, 32, 32, 32, 32, 1, 32, 1, 32, 1}, 0, 30);
}

TEST(Blas, LargeBatchBroadcastTransposedPackedAccumulate) {
  // A broadcast over the outer batch loop and transposed, B packed (no unit
  // stride), C accumulated: every thread needs its own scratch.
  // 24x28 @ 28x26 (17472 multiply-adds each, 300 of them: threaded).
  checkBatched({{6, 50}, {0, 672}, {50 * 1680, 1680}, {50 * 624, 624}, 24, 26, 28,
                1, 24, 60, 2, 26, 1},
               1, 31);
  checkBatched({{6, 50}, {0, 672}, {50 * 1680, 1680}, {50 * 624, 624}, 24, 26, 28,
                1, 24, 60, 2, 26, 1},
               0, 32);
}

// One product above OpenBLAS's own threading threshold (m*n*k > 2^18) is
// split into blocks of C's rows over the runtime's threads (rowThreads in
// blas.cpp) when it has more than one; the same answer either way, with A
// transposed and padded, B packed (no unit stride), C padded and
// accumulated, and a matrix times a vector (gemv on each block of rows).
TEST(Blas, LargeProductSplitByRows) {
  checkMatmul(random({300, 128}, {130, 1}, 40), random({128, 200}, {200, 1}, 41),
              random({300, 200}, {200, 1}, 42), 0);
  checkMatmul(random({301, 96}, {1, 305}, 43), random({96, 150}, {2, 200}, 44),
              random({301, 150}, {153, 1}, 45), 1);
  checkMatmul(random({5000, 300}, {300, 1}, 46), random({300, 1}, {1, 1}, 47),
              random({5000, 1}, {1, 1}, 48), 0);
}

TEST(Blas, FourDimensionalBatch) {
  checkBatched({{3, 1, 4}, {0, 7, 35}, {4 * 30, 0, 30}, {4 * 24, 4 * 24, 24}, 4, 6, 5,
                5, 1, 6, 1, 6, 1},
               0, 33);
}

using arrayc_rt::gemm::BatchDim;
using arrayc_rt::gemm::Shape;
using arrayc_rt::gemm::StridedBatch;
using arrayc_rt::gemm::collapseBatch;

// A Shape with just the batch loops' sizes and strides filled in.
Shape batchShape(std::vector<int64_t> sizes, std::vector<int64_t> sa, std::vector<int64_t> sb,
                 std::vector<int64_t> sc) {
  Shape s;
  s.size = sizes;
  s.stride[0] = sa, s.stride[1] = sb, s.stride[2] = sc;
  s.nbatch = 1;
  for (size_t l = 0; l < sizes.size(); ++l) {
    s.batch.push_back((int64_t)l);
    s.nbatch *= sizes[l];
  }
  return s;
}

TEST(GemmPlan, ContiguousBatchCollapsesToOneStride) {
  // (2, 3, 4) batch of 5x6 A, 6x7 B, 5x7 C, all contiguous.
  Shape s = batchShape({2, 3, 4}, {360, 120, 30}, {504, 168, 42}, {420, 140, 35});
  std::vector<BatchDim> d = collapseBatch(s);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].size, 24);
  EXPECT_EQ(d[0].stride[0], 30);
  EXPECT_EQ(d[0].stride[1], 42);
  EXPECT_EQ(d[0].stride[2], 35);
  StridedBatch sb(s);
  EXPECT_EQ(sb.inner.size, 24);
  EXPECT_TRUE(sb.outer.empty());
  EXPECT_EQ(sb.calls(), 1);
}

TEST(GemmPlan, BroadcastOperandKeepsStrideZero) {
  // B shared by the whole (2, 3) batch: stride 0 on both loops collapses.
  Shape s = batchShape({2, 3}, {90, 30}, {0, 0}, {105, 35});
  std::vector<BatchDim> d = collapseBatch(s);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].size, 6);
  EXPECT_EQ(d[0].stride[1], 0);
}

TEST(GemmPlan, PartialBroadcastLoopsOverTheOuterDim) {
  // A (1, 8, m, k) against B (5, 8, k, n): A broadcast over loop 0 only, so
  // the loops do not merge; the larger one (8) is the strided-batched one.
  Shape s = batchShape({5, 8}, {0, 30}, {8 * 42, 42}, {8 * 35, 35});
  std::vector<BatchDim> d = collapseBatch(s);
  ASSERT_EQ(d.size(), 2u);
  StridedBatch sb(s);
  EXPECT_EQ(sb.inner.size, 8);
  EXPECT_EQ(sb.inner.stride[0], 30);
  ASSERT_EQ(sb.outer.size(), 1u);
  EXPECT_EQ(sb.outer[0].size, 5);
  EXPECT_EQ(sb.calls(), 5);
  // The outer loop visits each call's first matrices.
  static char mem[8 * 4096];
  s.base[0] = s.base[1] = s.base[2] = mem;
  const size_t elt[3] = {8, 8, 8};
  std::vector<int64_t> seenB, seenC;
  sb.forEachOuter(s, elt, [&](char *a, char *b, char *c) {
    EXPECT_EQ(a, mem);
    seenB.push_back((b - mem) / 8);
    seenC.push_back((c - mem) / 8);
  });
  EXPECT_EQ(seenB, (std::vector<int64_t>{0, 336, 672, 1008, 1344}));
  EXPECT_EQ(seenC, (std::vector<int64_t>{0, 280, 560, 840, 1120}));
}

TEST(GemmPlan, SizeOneLoopsAreDroppedAndPaddingStopsMerging) {
  // Loop 1 of size 1 goes; loop 0's C stride is padded (not 4 * 35).
  Shape s = batchShape({3, 1, 4}, {120, 7, 30}, {168, 0, 42}, {160, 1, 35});
  std::vector<BatchDim> d = collapseBatch(s);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].size, 3);
  EXPECT_EQ(d[1].size, 4);
  // A single product: no batch loop at all.
  EXPECT_TRUE(collapseBatch(batchShape({1, 1}, {0, 0}, {0, 0}, {0, 0})).empty());
  EXPECT_EQ(StridedBatch(batchShape({}, {}, {}, {})).inner.size, 1);
}

TEST(GemmPlan, BatchAddressMatchesForEachBatch) {
  Shape s = batchShape({3, 2, 4}, {0, 50, 7}, {91, 13, 0}, {200, 100, 10});
  const size_t elt[3] = {4, 8, 16};
  int64_t it = 0;
  s.forEachBatch(elt, [&](char *a, char *b, char *c) {
    char *p[3];
    s.batchAddress(elt, it++, p);
    EXPECT_EQ(p[0], a);
    EXPECT_EQ(p[1], b);
    EXPECT_EQ(p[2], c);
  });
  EXPECT_EQ(it, 24);
}

} // namespace
