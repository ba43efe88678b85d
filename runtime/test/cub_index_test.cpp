// The device index entry points of libarrayc_runtime_cuda (src/cub_index.cu,
// src/cuda_scatter.cu) on device memory, checked against a host reference
// (std::stable_sort with NumPy's order, plain loops for compress and scatter). Needs a GPU: every test is skipped
// without one, so the build machine only compiles it.
#include "arrayc_rt/runtime.h"
#include "test_memref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
extern "C" void mgpuMemFree(void *ptr, void *stream);
extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
extern "C" void *mgpuStreamCreate();
extern "C" void mgpuStreamSynchronize(void *stream);

namespace {

template <class T> std::vector<T> zeros(size_t n) { return std::vector<T>(n); }

bool haveGpu() { return arrayc_rt_cuda_device_count() > 0; }

#define REQUIRE_GPU()                                                                      \
  do {                                                                                     \
    if (!haveGpu())                                                                        \
      GTEST_SKIP() << "no GPU";                                                            \
  } while (0)

// A device copy of host data, read back with host().
template <class T> class DeviceArray {
public:
  explicit DeviceArray(const std::vector<T> &h) : n_(h.size()) {
    s_ = mgpuStreamCreate();
    p_ = mgpuMemAlloc(bytes() ? bytes() : 1, s_, false);
    if (bytes())
      mgpuMemcpy(p_, const_cast<T *>(h.data()), bytes(), s_);
    mgpuStreamSynchronize(s_);
  }
  ~DeviceArray() { mgpuMemFree(p_, s_); }
  std::vector<T> host() const {
    std::vector<T> h(n_);
    mgpuStreamSynchronize(s_);
    if (bytes())
      mgpuMemcpy(h.data(), p_, bytes(), s_);
    mgpuStreamSynchronize(s_);
    return h;
  }
  T *get() const { return static_cast<T *>(p_); }
  size_t bytes() const { return n_ * sizeof(T); }

private:
  size_t n_;
  void *p_ = nullptr, *s_ = nullptr;
};

template <int N> Memref<N> view(void *data, const int64_t (&sizes)[N],
                                const int64_t (&strides)[N]) {
  Memref<N> m;
  m.allocated = m.aligned = data;
  m.offset = 0;
  for (int d = 0; d < N; ++d) {
    m.sizes[d] = sizes[d];
    m.strides[d] = strides[d];
  }
  return m;
}

// NumPy's order: NaN after every number.
template <class T> bool lessNaNLast(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return a < b || (std::isnan(b) && !std::isnan(a));
  else
    return a < b;
}

// The stable argsort of each row of `x` (rows x len, C order).
template <class T> std::vector<int64_t> refArgsort(const std::vector<T> &x, int64_t len) {
  std::vector<int64_t> out(x.size());
  for (size_t first = 0; first < x.size(); first += len) {
    std::vector<int64_t> perm(len);
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
      return lessNaNLast(x[first + a], x[first + b]);
    });
    std::copy(perm.begin(), perm.end(), out.begin() + first);
  }
  return out;
}

template <class T> std::vector<T> refSort(const std::vector<T> &x, int64_t len) {
  std::vector<int64_t> p = refArgsort(x, len);
  std::vector<T> out(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    out[i] = x[i - i % len + p[i]];
  return out;
}

// Equal, or both NaN; the sign of zeros must agree too.
template <class T> void expectSameValues(const std::vector<T> &got, const std::vector<T> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(want[i])) {
        EXPECT_TRUE(std::isnan(got[i])) << "at " << i;
        continue;
      }
      EXPECT_EQ(std::signbit(got[i]), std::signbit(want[i])) << "sign of zero at " << i;
    }
    EXPECT_EQ(got[i], want[i]) << "at " << i;
    if (::testing::Test::HasFailure())
      return;
  }
}

// Floats with NaNs of both signs, +-0.0, +-inf and repeated values.
template <class T> std::vector<T> awkwardFloats(size_t n, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  std::vector<T> x(n);
  for (size_t i = 0; i < n; ++i) {
    switch (rng() % 16) {
    case 0: x[i] = std::numeric_limits<T>::quiet_NaN(); break;
    case 1: x[i] = -std::numeric_limits<T>::quiet_NaN(); break;
    case 2: x[i] = T(0.0); break;
    case 3: x[i] = T(-0.0); break;
    case 4: x[i] = (rng() & 1) ? std::numeric_limits<T>::infinity()
                               : -std::numeric_limits<T>::infinity(); break;
    case 5: x[i] = T(int(rng() % 5)); break;
    default: x[i] = T(normal(rng));
    }
  }
  return x;
}

template <class T> std::vector<T> randomInts(size_t n, unsigned seed, int64_t lo, int64_t hi) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> d(lo, hi);
  std::vector<T> x(n);
  for (T &v : x)
    v = T(d(rng));
  return x;
}

Str loc("cub_index_test.cpp:1:1");

TEST(CubSort, Float32OneRowNaNsZerosTies) {
  REQUIRE_GPU();
  const int64_t n = 100003;
  std::vector<float> x = awkwardFloats<float>(n, 1);
  DeviceArray<float> in(x), out(zeros<float>(n));
  auto mi = view<1>(in.get(), {n}, {1}), mo = view<1>(out.get(), {n}, {1});
  arrayc_rt_cub_sort_f32(1, &mi, 1, &mo, ARRAYC_RT_F32, 1, loc.desc());
  expectSameValues(out.host(), refSort(x, n));
}

TEST(CubSort, ArgsortFloat64OneRowIsStable) {
  REQUIRE_GPU();
  const int64_t n = 65537;
  std::vector<double> x = awkwardFloats<double>(n, 2);
  DeviceArray<double> in(x);
  DeviceArray<int64_t> out(zeros<int64_t>(n));
  auto mi = view<1>(in.get(), {n}, {1}), mo = view<1>(out.get(), {n}, {1});
  arrayc_rt_cub_argsort_f64(1, &mi, 1, &mo, ARRAYC_RT_F64, 1, loc.desc());
  EXPECT_EQ(out.host(), refArgsort(x, n));
}

TEST(CubSort, ArgsortInt32TiesKeepOrder) {
  REQUIRE_GPU();
  const int64_t n = 50000;
  std::vector<int32_t> x = randomInts<int32_t>(n, 3, -3, 3);
  DeviceArray<int32_t> in(x);
  DeviceArray<int64_t> out(zeros<int64_t>(n));
  auto mi = view<1>(in.get(), {n}, {1}), mo = view<1>(out.get(), {n}, {1});
  arrayc_rt_cub_argsort_i32(1, &mi, 1, &mo, ARRAYC_RT_I32, 1, loc.desc());
  EXPECT_EQ(out.host(), refArgsort(x, n));
}

// Rows of a 2-d array, sorted along the last axis (two stable passes).
TEST(CubSort, Int64RowsSortAndArgsort) {
  REQUIRE_GPU();
  const int64_t rows = 37, len = 1001, n = rows * len;
  std::vector<int64_t> x = randomInts<int64_t>(n, 4, INT64_MIN / 2, INT64_MAX / 2);
  for (int64_t i = 0; i < n; i += 7)
    x[i] = x[i / 2]; // repeats
  DeviceArray<int64_t> in(x), sorted(zeros<int64_t>(n)), order(zeros<int64_t>(n));
  auto mi = view<2>(in.get(), {rows, len}, {len, 1});
  auto ms = view<2>(sorted.get(), {rows, len}, {len, 1});
  auto mo = view<2>(order.get(), {rows, len}, {len, 1});
  arrayc_rt_cub_sort_i64(2, &mi, 2, &ms, ARRAYC_RT_I64, 1, loc.desc());
  arrayc_rt_cub_argsort_i64(2, &mi, 2, &mo, ARRAYC_RT_I64, 1, loc.desc());
  EXPECT_EQ(sorted.host(), refSort(x, len));
  EXPECT_EQ(order.host(), refArgsort(x, len));
}

// A transposed (strided) input: what sort along axis 0 passes.
TEST(CubSort, Float32StridedInputRows) {
  REQUIRE_GPU();
  const int64_t r = 129, c = 300; // the stored array is r x c; its transpose is sorted
  std::vector<float> x = awkwardFloats<float>(r * c, 5);
  std::vector<float> t(r * c); // the transpose, C order: c rows of r
  for (int64_t i = 0; i < r; ++i)
    for (int64_t j = 0; j < c; ++j)
      t[j * r + i] = x[i * c + j];
  DeviceArray<float> in(x), out(zeros<float>(r * c));
  DeviceArray<int64_t> order(zeros<int64_t>(r * c));
  auto mi = view<2>(in.get(), {c, r}, {1, c});
  auto mo = view<2>(out.get(), {c, r}, {r, 1});
  auto mx = view<2>(order.get(), {c, r}, {r, 1});
  arrayc_rt_cub_sort_f32(2, &mi, 2, &mo, ARRAYC_RT_F32, 1, loc.desc());
  arrayc_rt_cub_argsort_f32(2, &mi, 2, &mx, ARRAYC_RT_F32, 1, loc.desc());
  expectSameValues(out.host(), refSort(t, r));
  EXPECT_EQ(order.host(), refArgsort(t, r));
}

TEST(CubSort, SmallIntegerAndBoolDtypes) {
  REQUIRE_GPU();
  const int64_t n = 4099;
  std::vector<int8_t> a = randomInts<int8_t>(n, 6, -128, 127);
  std::vector<uint8_t> u = randomInts<uint8_t>(n, 7, 0, 255);
  std::vector<uint8_t> b = randomInts<uint8_t>(n, 8, 0, 1);
  std::vector<int16_t> h = randomInts<int16_t>(n, 9, -32768, 32767);
  DeviceArray<int8_t> da(a), oa(zeros<int8_t>(n));
  DeviceArray<uint8_t> du(u), ou(zeros<uint8_t>(n)), db(b), ob(zeros<uint8_t>(n));
  DeviceArray<int16_t> dh(h), oh(zeros<int16_t>(n));
  auto v = [&](void *p) { return view<1>(p, {n}, {1}); };
  auto ia = v(da.get()), xa = v(oa.get()), iu = v(du.get()), xu = v(ou.get());
  auto ib = v(db.get()), xb = v(ob.get()), ih = v(dh.get()), xh = v(oh.get());
  arrayc_rt_cub_sort_i8(1, &ia, 1, &xa, ARRAYC_RT_I8, 1, loc.desc());
  arrayc_rt_cub_sort_i8(1, &iu, 1, &xu, ARRAYC_RT_U8, 1, loc.desc());
  arrayc_rt_cub_sort_i1(1, &ib, 1, &xb, ARRAYC_RT_BOOL, 1, loc.desc());
  arrayc_rt_cub_sort_i16(1, &ih, 1, &xh, ARRAYC_RT_I16, 1, loc.desc());
  EXPECT_EQ(oa.host(), refSort(a, n));
  EXPECT_EQ(ou.host(), refSort(u, n));
  EXPECT_EQ(ob.host(), refSort(b, n));
  EXPECT_EQ(oh.host(), refSort(h, n));
}

// Host buffers go to index.cpp's entry point: the same answer.
TEST(CubSort, HostMemoryFallsBackToTheHostSort) {
  REQUIRE_GPU();
  const int64_t n = 1000;
  std::vector<double> x = awkwardFloats<double>(n, 10), out(n);
  auto mi = view<1>(x.data(), {n}, {1}), mo = view<1>(out.data(), {n}, {1});
  arrayc_rt_cub_sort_f64(1, &mi, 1, &mo, ARRAYC_RT_F64, 1, loc.desc());
  expectSameValues(out, refSort(x, n));
}

template <class T>
std::vector<T> refCompress(const std::vector<T> &x, int64_t stride, const std::vector<uint8_t> &m) {
  std::vector<T> out;
  for (size_t i = 0; i < m.size(); ++i)
    if (m[i])
      out.push_back(x[i * stride]);
  return out;
}

TEST(CubCompress, StridedFloat64) {
  REQUIRE_GPU();
  const int64_t n = 1000003;
  std::vector<double> x = awkwardFloats<double>(2 * n, 11);
  std::vector<uint8_t> m = randomInts<uint8_t>(n, 12, 0, 1);
  std::vector<double> want = refCompress(x, 2, m);
  int64_t k = (int64_t)want.size();
  DeviceArray<double> in(x), out(zeros<double>(k));
  DeviceArray<uint8_t> mask(m);
  auto mi = view<1>(in.get(), {n}, {2}), mm = view<1>(mask.get(), {n}, {1});
  auto mo = view<1>(out.get(), {k}, {1});
  arrayc_rt_cub_compress_f64(1, &mi, 1, &mm, 1, &mo, ARRAYC_RT_F64, 1, loc.desc());
  expectSameValues(out.host(), want);
}

TEST(CubCompress, Complex128AndBool) {
  REQUIRE_GPU();
  const int64_t n = 7777;
  std::vector<std::complex<double>> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = {double(i), -double(i)};
  std::vector<uint8_t> m = randomInts<uint8_t>(n, 13, 0, 1);
  std::vector<std::complex<double>> want = refCompress(x, 1, m);
  std::vector<uint8_t> wantB = refCompress(m, 1, m);
  int64_t k = (int64_t)want.size();
  DeviceArray<std::complex<double>> in(x), out(zeros<std::complex<double>>(k));
  DeviceArray<uint8_t> mask(m), outB(zeros<uint8_t>(k));
  auto mi = view<1>(in.get(), {n}, {1}), mm = view<1>(mask.get(), {n}, {1});
  auto mo = view<1>(out.get(), {k}, {1}), mb = view<1>(outB.get(), {k}, {1});
  arrayc_rt_cub_compress_c128(1, &mi, 1, &mm, 1, &mo, ARRAYC_RT_C128, 1, loc.desc());
  arrayc_rt_cub_compress_i1(1, &mm, 1, &mm, 1, &mb, ARRAYC_RT_BOOL, 1, loc.desc());
  EXPECT_EQ(out.host(), want);
  EXPECT_EQ(outB.host(), wantB);
}

// A result smaller than the true count gets its first elements only: the
// elements past it (a guard region here) are never written.
TEST(CubCompress, WritesStopAtTheResultSize) {
  REQUIRE_GPU();
  const int64_t n = 100000, k = 10, guard = 1000;
  std::vector<int32_t> x(n);
  std::iota(x.begin(), x.end(), 0);
  std::vector<uint8_t> m(n, 1);
  DeviceArray<int32_t> in(x), out(std::vector<int32_t>(k + guard, -1));
  DeviceArray<uint8_t> mask(m);
  auto mi = view<1>(in.get(), {n}, {1}), mm = view<1>(mask.get(), {n}, {1});
  auto mo = view<1>(out.get(), {k}, {1});
  arrayc_rt_cub_compress_i32(1, &mi, 1, &mm, 1, &mo, ARRAYC_RT_I32, 1, loc.desc());
  std::vector<int32_t> got = out.host();
  for (int64_t i = 0; i < k; ++i)
    EXPECT_EQ(got[i], i);
  for (int64_t i = k; i < k + guard; ++i)
    ASSERT_EQ(got[i], -1) << "written past the result at " << i;
}

// NumPy's `a[idx] = v` (last write wins) or `np.add.at(a, idx, v)` on the host.
template <class T>
std::vector<T> refScatter(std::vector<T> dest, const std::vector<int64_t> &idx,
                          const std::vector<T> &upd, bool add) {
  int64_t n = (int64_t)dest.size();
  for (size_t k = 0; k < idx.size(); ++k) {
    int64_t at = idx[k] < 0 ? idx[k] + n : idx[k];
    dest[at] = add ? T(dest[at] + upd[k]) : upd[k];
  }
  return dest;
}

template <class T, class F>
void checkScatter(F entry, int32_t dtype, const std::vector<T> &dest,
                  const std::vector<int64_t> &idx, const std::vector<T> &upd, bool add) {
  int64_t n = dest.size(), k = idx.size();
  DeviceArray<T> d(dest), u(upd), out(zeros<T>(n));
  DeviceArray<int64_t> i(idx);
  auto md = view<1>(d.get(), {n}, {1}), mu = view<1>(u.get(), {k}, {1});
  auto mi = view<1>(i.get(), {k}, {1}), mo = view<1>(out.get(), {n}, {1});
  entry(1, &md, 1, &mi, 1, &mu, 1, &mo, dtype, add ? 1 : 0, 1, loc.desc());
  EXPECT_EQ(out.host(), refScatter(dest, idx, upd, add));
  EXPECT_EQ(d.host(), dest) << "the destination operand was written";
}

// Repeated and negative indices: the last value wins per position, as on the
// host (in[k] = k, so the winner is the largest k aiming at a position).
TEST(CudaScatter, AssignLastWriteWins) {
  REQUIRE_GPU();
  const int64_t n = 1000, k = 200000;
  std::vector<int64_t> idx = randomInts<int64_t>(k, 21, -n, n - 1);
  std::vector<int32_t> upd(k), dest = randomInts<int32_t>(n, 22, -50, 50);
  std::iota(upd.begin(), upd.end(), 0);
  checkScatter<int32_t>(arrayc_rt_cub_scatter_i32, ARRAYC_RT_I32, dest, idx, upd, false);
  std::vector<double> fd = randomInts<double>(n, 23, -50, 50), fu(k);
  for (int64_t j = 0; j < k; ++j)
    fu[j] = double(j) / 3;
  checkScatter<double>(arrayc_rt_cub_scatter_f64, ARRAYC_RT_F64, fd, idx, fu, false);
}

// Integer sums are exact whatever the order: i64 (native atomics), i8 and
// i16 (compare-and-swap on the enclosing word, wrapping as NumPy's).
TEST(CudaScatter, AccumulateIntegers) {
  REQUIRE_GPU();
  const int64_t n = 37, k = 300001;
  std::vector<int64_t> idx = randomInts<int64_t>(k, 31, -n, n - 1);
  checkScatter<int64_t>(arrayc_rt_cub_scatter_i64, ARRAYC_RT_I64,
                        randomInts<int64_t>(n, 32, -9, 9), idx,
                        randomInts<int64_t>(k, 33, -1000, 1000), true);
  checkScatter<int8_t>(arrayc_rt_cub_scatter_i8, ARRAYC_RT_I8, randomInts<int8_t>(n, 34, -9, 9),
                       idx, randomInts<int8_t>(k, 35, -100, 100), true);
  checkScatter<int16_t>(arrayc_rt_cub_scatter_i16, ARRAYC_RT_I16,
                        randomInts<int16_t>(n, 36, -9, 9), idx,
                        randomInts<int16_t>(k, 37, -100, 100), true);
}

// A histogram's counts (i64 and i32 into 256 bins: the shared-memory path)
// and bins past what a block's shared memory holds (the global atomics).
TEST(CudaScatter, AccumulateCounts) {
  REQUIRE_GPU();
  const int64_t k = 1 << 22;
  for (int64_t n : {int64_t(256), int64_t(100000)}) {
    std::vector<int64_t> idx = randomInts<int64_t>(k, 51 + n, 0, n - 1);
    checkScatter<int64_t>(arrayc_rt_cub_scatter_i64, ARRAYC_RT_I64, zeros<int64_t>(n), idx,
                          std::vector<int64_t>(k, 1), true);
    checkScatter<int32_t>(arrayc_rt_cub_scatter_i32, ARRAYC_RT_I32,
                          randomInts<int32_t>(n, 52, -5, 5), idx,
                          randomInts<int32_t>(k, 53, -3, 3), true);
  }
}

// f32 sums of small integers are exact in any order: the same as the host's.
TEST(CudaScatter, AccumulateFloat32Counts) {
  REQUIRE_GPU();
  const int64_t n = 256, k = 1 << 20;
  std::vector<int64_t> idx = randomInts<int64_t>(k, 41, 0, n - 1);
  std::vector<float> upd = randomInts<float>(k, 42, -3, 3);
  checkScatter<float>(arrayc_rt_cub_scatter_f32, ARRAYC_RT_F32, zeros<float>(n), idx, upd, true);
}

} // namespace
