// The cuBLAS GEMM entry points (src/cublas.cpp) on batched products, on
// device memory, against a host reference: batches that collapse to one
// strided-batched call (3-D, 4-D, an operand the batch does not index:
// stride 0; padded batch strides), ones that need a loop of calls (operands
// broadcast along different batch loops), transposed operands, f32/f64/c64
// and TF32. Needs a GPU: every test is skipped without one.
#include "arrayc_rt/runtime.h"
#include "test_memref.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

extern "C" {
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(void *stream);
}

namespace {

using Gemm = void (*)(int64_t, void *, int64_t, void *, int64_t, void *, int64_t, void *,
                      int32_t);

// A batched product: per batch loop, each operand's stride (0: the operand
// does not index that loop, the same matrices for all of it).
struct Case {
  std::vector<int64_t> batch, as, bs, cs;
  int64_t m, n, k;
  int64_t ars, acs, brs, bcs, crs, ccs;
};

// A ranked descriptor of up to 8 dims (the layout compiled code passes).
struct Desc {
  void *allocated, *aligned;
  int64_t offset, sizes[8], strides[8];
};

template <typename T> T sample(std::mt19937 &rng) {
  std::uniform_real_distribution<double> d(-1, 1);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return T((float)d(rng), (float)d(rng));
  else
    return T(d(rng));
}

template <typename T> void runCase(const Case &t, Gemm gemm, double tol, unsigned seed) {
  if (arrayc_rt_cuda_device_count() <= 0)
    GTEST_SKIP() << "no GPU";
  const int64_t nb = (int64_t)t.batch.size();
  std::mt19937 rng(seed);
  const std::vector<int64_t> *bstr[3] = {&t.as, &t.bs, &t.cs};
  const int64_t rows[3] = {t.m, t.k, t.m}, cols[3] = {t.k, t.n, t.n};
  const int64_t rs[3] = {t.ars, t.brs, t.crs}, cs[3] = {t.acs, t.bcs, t.ccs};
  // Operand dims: the batch loops it indexes, then its matrix.
  Desc d[3];
  int64_t rank[3];
  std::vector<T> host[3];
  void *stream = mgpuStreamCreate();
  void *dev[3];
  std::vector<int64_t> plan{nb + 3};
  for (int64_t l = 0; l < nb; ++l)
    plan.push_back(0);
  plan.insert(plan.end(), {1, 2, 3});
  const int64_t mL = nb, nL = nb + 1, kL = nb + 2;
  const int64_t rowLoop[3] = {mL, kL, mL}, colLoop[3] = {kL, nL, nL};
  for (int o = 0; o < 3; ++o) {
    int64_t r = 0, extent = 1;
    for (int64_t l = 0; l < nb; ++l)
      if ((*bstr[o])[l] != 0) {
        d[o].sizes[r] = t.batch[l], d[o].strides[r++] = (*bstr[o])[l];
        plan.push_back(l);
        extent += (t.batch[l] - 1) * (*bstr[o])[l];
      }
    d[o].sizes[r] = rows[o], d[o].strides[r++] = rs[o];
    d[o].sizes[r] = cols[o], d[o].strides[r++] = cs[o];
    plan.push_back(rowLoop[o]);
    plan.push_back(colLoop[o]);
    extent += (rows[o] - 1) * rs[o] + (cols[o] - 1) * cs[o];
    rank[o] = r;
    host[o].resize((size_t)extent);
    for (T &x : host[o])
      x = sample<T>(rng);
    dev[o] = mgpuMemAlloc(extent * sizeof(T), stream, false);
    mgpuMemcpy(dev[o], host[o].data(), extent * sizeof(T), stream);
    d[o].allocated = d[o].aligned = dev[o];
    d[o].offset = 0;
  }
  Memref<1> p{plan.data(), plan.data(), 0, {(int64_t)plan.size()}, {1}};
  // (arrayc_rt_cublas_gemm_<S> are declared in runtime.h.) Descriptors as compiled code passes them: sizes and strides right after
  // the offset (rank entries each).
  std::vector<int64_t> packed[3];
  for (int o = 0; o < 3; ++o) {
    packed[o] = {(int64_t)(intptr_t)dev[o], (int64_t)(intptr_t)dev[o], 0};
    for (int64_t i = 0; i < rank[o]; ++i)
      packed[o].push_back(d[o].sizes[i]);
    for (int64_t i = 0; i < rank[o]; ++i)
      packed[o].push_back(d[o].strides[i]);
  }
  mgpuStreamSynchronize(stream);
  gemm(1, &p, rank[0], packed[0].data(), rank[1], packed[1].data(), rank[2], packed[2].data(),
       0);
  ASSERT_EQ(arrayc_rt_stream_synchronize(nullptr), ARRAYC_RT_OK) << arrayc_rt_last_error();
  std::vector<T> out(host[2].size());
  mgpuMemcpy(out.data(), dev[2], out.size() * sizeof(T), stream);
  mgpuStreamSynchronize(stream);
  int64_t total = 1;
  for (int64_t s : t.batch)
    total *= s;
  double maxErr = 0, maxRef = 0;
  for (int64_t it = 0; it < total; ++it) {
    int64_t off[3] = {0, 0, 0}, rest = it;
    for (int64_t l = nb - 1; l >= 0; --l) {
      int64_t i = rest % t.batch[l];
      rest /= t.batch[l];
      for (int o = 0; o < 3; ++o)
        off[o] += i * (*bstr[o])[l];
    }
    for (int64_t i = 0; i < t.m; ++i)
      for (int64_t j = 0; j < t.n; ++j) {
        std::complex<double> ref = 0;
        for (int64_t k = 0; k < t.k; ++k)
          ref += std::complex<double>(host[0][(size_t)(off[0] + i * t.ars + k * t.acs)]) *
                 std::complex<double>(host[1][(size_t)(off[1] + k * t.brs + j * t.bcs)]);
        std::complex<double> got(out[(size_t)(off[2] + i * t.crs + j * t.ccs)]);
        maxErr = std::max(maxErr, std::abs(got - ref));
        maxRef = std::max(maxRef, std::abs(ref));
      }
  }
  EXPECT_LE(maxErr, tol * (1 + maxRef));
  for (int o = 0; o < 3; ++o)
    mgpuMemFree(dev[o], stream);
  mgpuStreamSynchronize(stream);
}

// (64, 6, 7) @ (64, 7, 5): one strided-batched call.
const Case kBatch3{{64}, {42}, {35}, {30}, 6, 5, 7, 7, 1, 5, 1, 5, 1};
// (3, 4, 6, 7) @ (3, 4, 7, 5): the batch loops collapse.
const Case kBatch4{{3, 4}, {168, 42}, {140, 35}, {120, 30}, 6, 5, 7, 7, 1, 5, 1, 5, 1};
// (6, 7) @ (64, 7, 5): A not indexed by the batch (stride 0).
const Case kSharedA{{64}, {0}, {35}, {30}, 6, 5, 7, 7, 1, 5, 1, 5, 1};
// (5, 1, 6, 7) @ (1, 8, 7, 5): A along loop 0, B along loop 1: 5 calls of 8.
const Case kCrossBroadcast{{5, 8}, {42, 0}, {0, 35}, {240, 30}, 6, 5, 7, 7, 1, 5, 1, 5, 1};
// Transposed A and B (stored (b, k, m) and (b, n, k)), C batches padded apart.
const Case kTransposed{{16}, {42}, {35}, {40}, 6, 5, 7, 1, 6, 1, 7, 5, 1};
// 300 products of 16x16x16.
const Case kLarge{{300}, {256}, {256}, {256}, 16, 16, 16, 16, 1, 16, 1, 16, 1};

const Case kAll[] = {kBatch3, kBatch4, kSharedA, kCrossBroadcast, kTransposed, kLarge};

TEST(CublasBatched, F32) {
  unsigned seed = 1;
  for (const Case &c : kAll)
    runCase<float>(c, arrayc_rt_cublas_gemm_f32, 1e-5, seed++);
}

TEST(CublasBatched, F64) {
  unsigned seed = 11;
  for (const Case &c : kAll)
    runCase<double>(c, arrayc_rt_cublas_gemm_f64, 1e-12, seed++);
}

TEST(CublasBatched, C64) {
  unsigned seed = 21;
  for (const Case &c : kAll)
    runCase<std::complex<float>>(c, arrayc_rt_cublas_gemm_c64, 1e-5, seed++);
}

TEST(CublasBatched, TF32) {
  // cublasGemmStridedBatchedEx with CUBLAS_COMPUTE_32F_FAST_TF32: inputs
  // rounded to a 10-bit mantissa.
  unsigned seed = 31;
  for (const Case &c : kAll)
    runCase<float>(c, arrayc_rt_cublas_gemm_tf32, 5e-3, seed++);
}

} // namespace
