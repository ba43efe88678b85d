// numpy.fft entry points (FFTW) against a direct DFT: strided input,
// crop/pad, norms, batches, cached plans reused on other buffers, errors.
#include "arrayc_rt/runtime.h"
#include "test_memref.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>
#include <vector>

namespace {

using cd = std::complex<double>;

/// NumPy's DFT of x (length n after crop/pad) with a norm code.
std::vector<cd> dft(std::vector<cd> x, int64_t n, bool inverse, int norm) {
  x.resize((size_t)n, cd(0));
  std::vector<cd> y((size_t)n);
  double sign = inverse ? 1 : -1;
  for (int64_t k = 0; k < n; ++k)
    for (int64_t j = 0; j < n; ++j)
      y[k] += x[j] * std::polar(1.0, sign * 2 * M_PI * (double)(j * k % n) / (double)n);
  double s = norm == 1 ? 1 / std::sqrt((double)n) : (norm == 0) == inverse ? 1.0 / n : 1.0;
  for (cd &v : y) v *= s;
  return y;
}

std::vector<cd> randomComplex(size_t count, unsigned seed) {
  std::mt19937 g(seed);
  std::normal_distribution<double> d;
  std::vector<cd> v(count);
  for (cd &c : v) c = cd(d(g), d(g));
  return v;
}

TEST(FFT, StridedAxisCropPadAndNorms) {
  // A 5x3 c128 array read along axis 0 through a transposed view of a 3x5
  // buffer: sizes {5, 3}, strides {1, 5}.
  std::vector<cd> buf = randomComplex(15, 1);
  Memref<2> in{buf.data(), buf.data(), 0, {5, 3}, {1, 5}};
  Str loc("t.arr:1:1");
  for (int64_t n : {5, 3, 8})
    for (int norm = 0; norm < 3; ++norm)
      for (int inverse = 0; inverse < 2; ++inverse) {
        std::vector<cd> out((size_t)(n * 3));
        Memref<2> om{out.data(), out.data(), 0, {n, 3}, {3, 1}};
        (inverse ? arrayc_rt_ifft_c128 : arrayc_rt_fft_c128)(2, &in, 2, &om, 0, n, norm, 1,
                                                            loc.desc());
        for (int c = 0; c < 3; ++c) {
          std::vector<cd> col(5);
          for (int r = 0; r < 5; ++r) col[r] = buf[(size_t)(c * 5 + r)];
          std::vector<cd> ref = dft(col, n, inverse, norm);
          for (int64_t k = 0; k < n; ++k)
            EXPECT_LT(std::abs(out[(size_t)(k * 3 + c)] - ref[k]), 1e-12)
                << "n=" << n << " norm=" << norm << " inverse=" << inverse;
        }
      }
}

TEST(FFT, RealTransformsSinglePrecisionAndPlanReuse) {
  // rfft of 17-long f32 rows, twice: the second time on a buffer shifted by
  // one element (another alignment), through the cached plan.
  std::vector<float> x(2 * 17 + 1);
  std::mt19937 g(2);
  std::normal_distribution<float> d;
  for (float &v : x) v = d(g);
  Str loc("t.arr:2:1");
  for (int shift = 0; shift < 2; ++shift) {
    std::vector<std::complex<float>> out(2 * 9 + 1);
    Memref<2> in{x.data(), x.data(), shift, {2, 17}, {17, 1}};
    Memref<2> om{out.data(), out.data(), shift, {2, 9}, {9, 1}};
    arrayc_rt_rfft_f32(2, &in, 2, &om, 1, 17, 0, 1, loc.desc());
    for (int r = 0; r < 2; ++r) {
      std::vector<cd> row(17);
      for (int j = 0; j < 17; ++j) row[j] = x[(size_t)(shift + r * 17 + j)];
      std::vector<cd> ref = dft(row, 17, false, 0);
      for (int k = 0; k < 9; ++k)
        EXPECT_LT(std::abs(cd(out[(size_t)(shift + r * 9 + k)]) - ref[k]), 1e-4);
    }
  }
}

TEST(FFT, IrfftIgnoresImaginaryDcAndNyquist) {
  // irfft(rfft(x)) == x, also after garbage in the imaginary parts of the
  // zero-frequency and Nyquist terms (NumPy ignores them).
  std::vector<double> x = {0.5, -1.25, 2, 3.5, -0.75, 1, 0.25, -2};
  std::vector<cd> spec(5);
  Memref<1> in{x.data(), x.data(), 0, {8}, {1}};
  Memref<1> sm{spec.data(), spec.data(), 0, {5}, {1}};
  Str loc("t.arr:3:1");
  arrayc_rt_rfft_f64(1, &in, 1, &sm, 0, 8, 1, 1, loc.desc());
  spec[0] += cd(0, 7);
  spec[4] += cd(0, -3);
  std::vector<double> back(8);
  Memref<1> bm{back.data(), back.data(), 0, {8}, {1}};
  arrayc_rt_irfft_c128(1, &sm, 1, &bm, 0, 8, 1, 1, loc.desc());
  for (int i = 0; i < 8; ++i) EXPECT_NEAR(back[i], x[i], 1e-12);
}

TEST(FFTDeathTest, ErrorsExitWithLocation) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::vector<cd> z(4);
  Memref<1> in{z.data(), z.data(), 0, {1}, {1}};
  Memref<1> out{z.data(), z.data(), 0, {0}, {1}};
  Str loc("prog.arr:4:9");
  EXPECT_EXIT(arrayc_rt_irfft_c128(1, &in, 1, &out, 0, 0, 0, 1, loc.desc()),
              testing::ExitedWithCode(1),
              "^arrayc: error: prog.arr:4:9: irfft: Invalid number of FFT data points \\(0\\)");
  Memref<1> in4{z.data(), z.data(), 0, {4}, {1}};
  Memref<1> out3{z.data(), z.data(), 0, {3}, {1}};
  EXPECT_EXIT(arrayc_rt_fft_c128(1, &in4, 1, &out3, 0, 4, 0, 1, loc.desc()),
              testing::ExitedWithCode(1), "fft: output size 3 along axis 0 does not match");
}

} // namespace
