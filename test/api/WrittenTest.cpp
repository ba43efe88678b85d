//===- WrittenTest.cpp - parameters updated in place (reference semantics) ===//
//
// A function that writes to a parameter changes the caller's array, as NumPy
// does: directly when the array is passed as it is, through the copy back
// when it is passed through a copy (a strided host array); the signature
// says which parameters are written; an argument of a written parameter must
// not share memory with another. The target is cpu, or
// ARRAYC_API_TEST_TARGET=cuda (host arrays are then staged to the device and
// copied back; device arrays are written where they are).
//
//===----------------------------------------------------------------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using arrayc::Array;

namespace {

bool onCuda() {
  const char *target = std::getenv("ARRAYC_API_TEST_TARGET");
  return target && std::string(target) == "cuda";
}

const char *kLib = R"(
def smooth(x: f64[n]):
    x[1:-1] = 0.5 * (x[:-2] + x[2:])

def axpy(a: f64, x: f64[n], y: f64[n]):
    y += a * x

def jacobi(A: f64[n, m], steps: i64):
    for t in range(steps):
        A[1:-1, 1:-1] = 0.25 * (A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])

def axpy2(a: f64, x: f64[n, m], y: f64[n, m]):
    y += a * x

def bump(x: f64[n]) -> f64:
    x += 1.0
    return np.sum(x)

def sqdiff(x: f64[n], y: f64[n]) -> f64[n]:
    return (x - y) * (x - y)
)";

std::vector<double> randomDoubles(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<double> v(n);
  for (double &x : v)
    x = d(rng);
  return v;
}

/// NumPy's `x[1:-1] = 0.5 * (x[:-2] + x[2:])`: the right side is read whole
/// before the store.
std::vector<double> smoothed(std::vector<double> x) {
  std::vector<double> old = x;
  for (size_t i = 1; i + 1 < x.size(); ++i)
    x[i] = 0.5 * (old[i - 1] + old[i + 1]);
  return x;
}

class Written : public ::testing::Test {
protected:
  void SetUp() override {
    arrayc::ContextOptions o;
    o.target = onCuda() ? arrayc::Target::CUDA : arrayc::Target::CPU;
    o.cache = 0;
    ctx = arrayc::Context::create(o).value();
    arrayc::CompileOptions c;
    c.name = "written.arr";
    auto m = ctx.compile(kLib, c);
    ASSERT_TRUE(m) << m.error().message;
    module = *m;
  }
  /// A result's elements, read on the host.
  std::vector<double> host(const Array &a) {
    auto h = ctx.toHost(a);
    EXPECT_TRUE(h) << h.error().message;
    if (!h)
      return {};
    return {h->data<double>(), h->data<double>() + h->size()};
  }
  arrayc::Context ctx;
  arrayc::Module module;
};

TEST_F(Written, SignatureMarksWrittenParameters) {
  auto axpy = module.function("axpy");
  ASSERT_TRUE(axpy) << axpy.error().message;
  EXPECT_EQ(axpy->param(0).written, 0); // a
  EXPECT_EQ(axpy->param(1).written, 0); // x: read
  EXPECT_EQ(axpy->param(2).written, 1); // y += ...
  EXPECT_TRUE(axpy->writes(2));
  EXPECT_FALSE(axpy->writes(1));
  auto sq = module.function("sqdiff");
  ASSERT_TRUE(sq);
  EXPECT_EQ(sq->param(0).written, 0);
  EXPECT_EQ(sq->param(1).written, 0);
  EXPECT_EQ(sq->result(0).written, 0);
  auto jacobi = module.function("jacobi");
  ASSERT_TRUE(jacobi);
  EXPECT_EQ(jacobi->param(0).written, 1);
  EXPECT_EQ(jacobi->param(1).written, 0);
  auto bump = module.function("bump");
  ASSERT_TRUE(bump);
  EXPECT_EQ(bump->param(0).written, 1); // `x += 1.0` on an argument writes it
}

TEST_F(Written, HostArrayIsUpdatedInPlace) {
  auto fn = module.function<void(Array)>("smooth");
  ASSERT_TRUE(fn) << fn.error().message;
  auto x = randomDoubles(1001, 3);
  auto expected = smoothed(x);
  auto r = (*fn)(Array::view(x));
  ASSERT_TRUE(r) << r.error().message;
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_DOUBLE_EQ(x[i], expected[i]) << "at " << i;
}

TEST_F(Written, AugmentedAssignmentWritesTheArgumentAndReturns) {
  auto fn = module.function<Array(Array)>("bump");
  ASSERT_TRUE(fn) << fn.error().message;
  auto x = randomDoubles(100, 4);
  auto before = x;
  auto r = (*fn)(Array::view(x));
  ASSERT_TRUE(r) << r.error().message;
  double sum = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    ASSERT_DOUBLE_EQ(x[i], before[i] + 1.0) << "at " << i;
    sum += before[i] + 1.0;
  }
  EXPECT_NEAR(host(*r)[0], sum, 1e-9);
}

TEST_F(Written, StridedHostArrayIsCopiedBack) {
  auto fn = module.function<void(Array)>("smooth");
  ASSERT_TRUE(fn) << fn.error().message;
  // Every other element of a buffer: the call works on a C-order copy, the
  // copy back fills the strided elements and leaves the others alone.
  const int64_t n = 257;
  auto buf = randomDoubles(2 * n, 5);
  auto original = buf;
  std::vector<double> view(n);
  for (int64_t i = 0; i < n; ++i)
    view[i] = buf[2 * i];
  auto expected = smoothed(view);
  auto r = (*fn)(Array::view(buf.data(), {n}, {2}));
  ASSERT_TRUE(r) << r.error().message;
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_DOUBLE_EQ(buf[2 * i], expected[i]) << "at " << i;
    ASSERT_EQ(buf[2 * i + 1], original[2 * i + 1]) << "between, at " << i;
  }
}

TEST_F(Written, StridedColumnsJacobiSweeps) {
  auto fn = module.function<void(Array, Array)>("jacobi");
  ASSERT_TRUE(fn) << fn.error().message;
  // A[:, ::2] of a 12 x 18 array: 12 x 9, strides (18, 2).
  const int64_t rows = 12, cols = 18, n = rows, m = cols / 2, steps = 5;
  auto buf = randomDoubles(rows * cols, 6);
  auto original = buf;
  std::vector<double> a(n * m);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j)
      a[i * m + j] = buf[i * cols + 2 * j];
  for (int64_t t = 0; t < steps; ++t) {
    std::vector<double> old = a;
    for (int64_t i = 1; i + 1 < n; ++i)
      for (int64_t j = 1; j + 1 < m; ++j)
        a[i * m + j] = 0.25 * (old[(i - 1) * m + j] + old[(i + 1) * m + j] +
                               old[i * m + j - 1] + old[i * m + j + 1]);
  }
  auto r = (*fn)(Array::view(buf.data(), {n, m}, {cols, 2}), Array::scalar<int64_t>(steps));
  ASSERT_TRUE(r) << r.error().message;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < cols; ++j) {
      if (j % 2 == 0)
        ASSERT_NEAR(buf[i * cols + j], a[i * m + j / 2], 1e-12) << i << ", " << j;
      else
        ASSERT_EQ(buf[i * cols + j], original[i * cols + j]) << i << ", " << j;
    }
}

TEST_F(Written, OverlappingArgumentsOfAWrittenParameterAreRefused) {
  auto fn = module.function<void(Array, Array, Array)>("axpy");
  ASSERT_TRUE(fn) << fn.error().message;
  auto buf = randomDoubles(64, 7);
  auto original = buf;
  // The same memory for x and y.
  auto r = (*fn)(Array::scalar(2.0), Array::view(buf.data(), {32}),
                 Array::view(buf.data(), {32}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ARRAYC_ERR_ARGUMENT);
  EXPECT_NE(r.error().message.find("arguments 2 ('x') and 3 ('y') share memory"),
            std::string::npos)
      << r.error().message;
  EXPECT_NE(r.error().message.find("writes 'y'"), std::string::npos) << r.error().message;
  // A partial overlap: y starts inside x.
  r = (*fn)(Array::scalar(2.0), Array::view(buf.data(), {32}),
            Array::view(buf.data() + 16, {32}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ARRAYC_ERR_ARGUMENT);
  EXPECT_NE(r.error().message.find("share memory"), std::string::npos) << r.error().message;
  EXPECT_EQ(buf, original); // refused before anything ran
}

TEST_F(Written, InterleavedViewsDoNotOverlap) {
  auto fn = module.function<void(Array, Array, Array)>("axpy");
  ASSERT_TRUE(fn) << fn.error().message;
  // x = buf[0::2], y = buf[1::2]: the same range of bytes, no common element.
  auto buf = randomDoubles(64, 8);
  auto expected = buf;
  for (int i = 0; i < 32; ++i)
    expected[2 * i + 1] += 3.0 * buf[2 * i];
  auto r = (*fn)(Array::scalar(3.0), Array::view(buf.data(), {32}, {2}),
                 Array::view(buf.data() + 1, {32}, {2}));
  ASSERT_TRUE(r) << r.error().message;
  for (size_t i = 0; i < buf.size(); ++i)
    ASSERT_DOUBLE_EQ(buf[i], expected[i]) << "at " << i;
  // x = buf[2::3], y = buf[0::3]: y starts below x, on a step that is not a
  // power of two.
  auto buf3 = randomDoubles(96, 11);
  auto expected3 = buf3;
  for (int i = 0; i < 31; ++i)
    expected3[3 * i] += -1.5 * buf3[3 * i + 2];
  r = (*fn)(Array::scalar(-1.5), Array::view(buf3.data() + 2, {31}, {3}),
            Array::view(buf3.data(), {31}, {3}));
  ASSERT_TRUE(r) << r.error().message;
  for (size_t i = 0; i < buf3.size(); ++i)
    ASSERT_DOUBLE_EQ(buf3[i], expected3[i]) << "at " << i;
}

TEST_F(Written, DisjointBlocksOfOneMatrix) {
  auto fn = module.function<void(Array, Array, Array)>("axpy2");
  ASSERT_TRUE(fn) << fn.error().message;
  // x = A[:, :4], y = A[:, 4:] of an 8 x 8 matrix: their address ranges
  // overlap, their elements do not.
  auto A = randomDoubles(64, 12);
  auto expected = A;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 4; ++j)
      expected[i * 8 + 4 + j] += 0.5 * A[i * 8 + j];
  auto r = (*fn)(Array::scalar(0.5), Array::view(A.data(), {8, 4}, {8, 1}),
                 Array::view(A.data() + 4, {8, 4}, {8, 1}));
  ASSERT_TRUE(r) << r.error().message;
  for (size_t i = 0; i < A.size(); ++i)
    ASSERT_DOUBLE_EQ(A[i], expected[i]) << "at " << i;
  // A[:, :4] and A[:, 3:7] share a column.
  auto before = A;
  r = (*fn)(Array::scalar(0.5), Array::view(A.data(), {8, 4}, {8, 1}),
            Array::view(A.data() + 3, {8, 4}, {8, 1}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, ARRAYC_ERR_ARGUMENT);
  EXPECT_NE(r.error().message.find("share memory"), std::string::npos) << r.error().message;
  EXPECT_EQ(A, before);
}

TEST_F(Written, ReadOnlyParametersMayAlias) {
  auto fn = module.function<Array(Array, Array)>("sqdiff");
  ASSERT_TRUE(fn) << fn.error().message;
  auto x = randomDoubles(50, 9);
  auto r = (*fn)(Array::view(x), Array::view(x));
  ASSERT_TRUE(r) << r.error().message;
  auto d = host(*r);
  ASSERT_EQ(d.size(), 50u);
  for (double v : d)
    ASSERT_EQ(v, 0.0);
}

TEST_F(Written, DeviceArrayIsWrittenWhereItIs) {
  if (!onCuda())
    GTEST_SKIP() << "device arrays are cuda's (ARRAYC_API_TEST_TARGET=cuda)";
  auto fn = module.function<void(Array)>("smooth");
  ASSERT_TRUE(fn) << fn.error().message;
  auto x = randomDoubles(4099, 10);
  auto expected = smoothed(x);
  auto dev = ctx.toDevice(Array::view(x));
  ASSERT_TRUE(dev) << dev.error().message;
  auto r = (*fn)(*dev);
  ASSERT_TRUE(r) << r.error().message;
  auto back = host(*dev);
  ASSERT_EQ(back.size(), x.size());
  for (size_t i = 0; i < x.size(); ++i)
    ASSERT_DOUBLE_EQ(back[i], expected[i]) << "at " << i;
}

TEST(WrittenCache, TheFlagSurvivesTheDiskCache) {
  char tmpl[] = "/tmp/arrayc-written-test-XXXXXX";
  std::string dir = mkdtemp(tmpl);
  arrayc::ContextOptions o;
  o.target = onCuda() ? arrayc::Target::CUDA : arrayc::Target::CPU;
  o.cache = 1;
  o.cacheDir = dir + "/cache";
  const char *src = "def inc(x: f32[n], y: f32[n]):\n    x += y\n";
  for (int round = 0; round < 2; ++round) {
    // A fresh context each round: the second compile is a disk-cache hit.
    auto ctx = arrayc::Context::create(o).value();
    auto m = ctx.compile(src);
    ASSERT_TRUE(m) << m.error().message;
    auto fn = m->function("inc");
    ASSERT_TRUE(fn);
    EXPECT_EQ(fn->param(0).written, 1) << "round " << round;
    EXPECT_EQ(fn->param(1).written, 0) << "round " << round;
  }
  (void)std::system(("rm -rf " + dir).c_str());
}

} // namespace
