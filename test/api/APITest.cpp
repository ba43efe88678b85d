//===- APITest.cpp - the embedding API: compile, call, errors -------------===//
#include "arrayc/arrayc.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using arrayc::Array;

namespace {

arrayc::Context cpuContext() {
  arrayc::ContextOptions o;
  o.target = arrayc::Target::CPU;
  return arrayc::Context::create(o).value();
}

std::vector<float> randomFloats(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-2.0f, 2.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

const char *kLib = R"(
def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def saxpy(a: f32, x: f32[n], y: f32[n]) -> f32[n]:
    return a * x + y

def colstats(x: f64[n, 4]) -> (f64[4], f64):
    return np.sum(x, axis=0), np.max(x)

def ident(x: i32[n]) -> i32[n]:
    return x

def twice(x: f32[n]) -> (f32[n], f32[n]):
    y = x + 1.0
    return y, y

def ones3(x: f32[n]) -> f32[3]:
    return np.ones(3, dtype=np.float32)

def matvec(a: f32[n, k], v: f32[k]) -> f32[n]:
    return a @ v
)";

class API : public ::testing::Test {
protected:
  void SetUp() override {
    auto m = ctx.compile(kLib, named("lib.arr"));
    ASSERT_TRUE(m) << m.error().message;
    module = *m;
  }
  static arrayc::CompileOptions named(const char *name) {
    arrayc::CompileOptions o;
    o.name = name;
    return o;
  }
  arrayc::Context ctx = cpuContext();
  arrayc::Module module;
};

TEST_F(API, SqdiffMatchesReference) {
  auto fn = module.function<Array(Array, Array)>("sqdiff");
  ASSERT_TRUE(fn) << fn.error().message;
  auto x = randomFloats(4097, 1), y = randomFloats(4097, 2);
  auto d = (*fn)(Array::view(x), Array::view(y));
  ASSERT_TRUE(d) << d.error().message;
  ASSERT_EQ(d->shape(), std::vector<int64_t>{4097});
  double err = 0, ref = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double r = (double(x[i]) - y[i]) * (double(x[i]) - y[i]);
    err += (d->data<float>()[i] - r) * (d->data<float>()[i] - r);
    ref += r * r;
  }
  EXPECT_LT(std::sqrt(err / ref), 1e-6);
}

TEST_F(API, ScalarParameterAndSignature) {
  auto fn = module.function("saxpy");
  ASSERT_TRUE(fn);
  EXPECT_EQ(fn->numParams(), 3);
  EXPECT_EQ(fn->numResults(), 1);
  arrayc_value_info a = fn->param(0), x = fn->param(1);
  EXPECT_STREQ(a.name, "a");
  EXPECT_EQ(a.rank, 0);
  EXPECT_EQ(x.dtype, ARRAYC_F32);
  EXPECT_EQ(x.rank, 1);
  EXPECT_EQ(x.dims[0], -1);
  EXPECT_STREQ(x.dim_names[0], "n");
  auto xs = randomFloats(100, 3), ys = randomFloats(100, 4);
  auto r = fn->call({Array::scalar(1.5f), Array::view(xs), Array::view(ys)});
  ASSERT_TRUE(r) << r.error().message;
  for (size_t i = 0; i < xs.size(); ++i)
    EXPECT_NEAR((*r)[0].data<float>()[i], 1.5f * xs[i] + ys[i], 1e-6);
}

TEST_F(API, StridedInputAndTwoResults) {
  // Rows 0, 2, 4 of a 6x4 f64 matrix: strides (8, 1).
  std::vector<double> m(24);
  for (int i = 0; i < 24; ++i)
    m[i] = i * 0.5;
  auto fn = module.function<std::tuple<Array, Array>(Array)>("colstats");
  ASSERT_TRUE(fn) << fn.error().message;
  auto r = (*fn)(Array::view(m.data(), {3, 4}, {8, 1}));
  ASSERT_TRUE(r) << r.error().message;
  auto &[sums, max] = *r;
  for (int j = 0; j < 4; ++j)
    EXPECT_DOUBLE_EQ(sums.data<double>()[j], (m[j] + m[8 + j] + m[16 + j]));
  EXPECT_EQ(max.rank(), 0);
  EXPECT_DOUBLE_EQ(max.data<double>()[0], m[19]);
}

TEST_F(API, ResultsAreOwnedEvenWhenAliased) {
  std::vector<int32_t> v{1, 2, 3};
  auto id = module.function<Array(Array)>("ident");
  auto r = (*id)(Array::view(v));
  ASSERT_TRUE(r);
  EXPECT_NE(r->data(), static_cast<void *>(v.data())); // a copy, not the caller's buffer
  v[0] = 42;
  EXPECT_EQ(r->data<int32_t>()[0], 1);
  auto tw = module.function<std::tuple<Array, Array>(Array)>("twice");
  std::vector<float> f{1, 2};
  auto t = (*tw)(Array::view(f));
  ASSERT_TRUE(t);
  EXPECT_NE(std::get<0>(*t).data(), std::get<1>(*t).data()); // never freed twice
  // Both keep their shape (the second, a copy, once came back empty).
  EXPECT_EQ(std::get<0>(*t).shape(), std::vector<int64_t>{2});
  EXPECT_EQ(std::get<1>(*t).shape(), std::vector<int64_t>{2});
  EXPECT_EQ(std::get<1>(*t).data<float>()[1], 3.0f);
  auto ones = module.function<Array(Array)>("ones3");
  auto o = (*ones)(Array::view(f));
  ASSERT_TRUE(o);
  EXPECT_EQ(o->data<float>()[2], 1.0f);
}

TEST_F(API, MatvecThroughBlas) {
  const int n = 37, k = 19;
  auto a = randomFloats(n * k, 5), v = randomFloats(k, 6);
  auto fn = module.function<Array(Array, Array)>("matvec");
  auto r = (*fn)(Array::view(a.data(), {n, k}), Array::view(v));
  ASSERT_TRUE(r) << r.error().message;
  for (int i = 0; i < n; ++i) {
    double ref = 0;
    for (int j = 0; j < k; ++j)
      ref += double(a[i * k + j]) * v[j];
    EXPECT_NEAR(r->data<float>()[i], ref, 1e-4);
  }
}

TEST_F(API, CompileErrorCarriesTheLocatedDiagnostic) {
  auto bad = ctx.compile("def f(x: f32[n]) -> f32[n]:\n    return x +* 2\n", named("bad.arr"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().code, ARRAYC_ERR_COMPILE);
  EXPECT_NE(bad.error().message.find("bad.arr:2:15: error: expected an expression"),
            std::string::npos)
      << bad.error().message;
  EXPECT_NE(bad.error().message.find("    return x +* 2\n              ^"), std::string::npos);
  auto missing = ctx.compileFile("/nonexistent/x.arr");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, ARRAYC_ERR_NOT_FOUND);
  auto typeError = ctx.compile("def f(x: f32[n, 3], y: f32[n, 4]) -> f32[n, 3]:\n    return x + y\n");
  ASSERT_FALSE(typeError);
  EXPECT_NE(typeError.error().message.find("<source>:2:"), std::string::npos);
}

TEST_F(API, BadCallsAreErrorsNotCrashes) {
  auto fn = module.function("sqdiff");
  std::vector<float> x(10), y(11);
  std::vector<double> xd(10);
  auto check = [&](std::vector<Array> args, const char *substring) {
    auto r = fn->call(args);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, ARRAYC_ERR_ARGUMENT);
    EXPECT_NE(r.error().message.find(substring), std::string::npos) << r.error().message;
  };
  check({Array::view(x), Array::view(y)}, "but 'n' is 10 (from 'x')");
  check({Array::view(xd), Array::view(x)}, "argument 1 ('x') is f64[10], expected f32[n]");
  check({Array::view(x.data(), {2, 5}), Array::view(x)}, "is f32[2, 5], expected f32[n]");
  check({Array::view(x)}, "takes 2 arguments and gives 1 results; the call has 1");
  check({Array::view(x), Array::view(x.data(), {10}, {}, /*device=*/0)},
        "the context's target is cpu");
  // Sizes whose element count or byte count overflows 64 bits.
  check({Array::view(x.data(), {int64_t(1) << 62}), Array::view(x.data(), {int64_t(1) << 62})},
        "is f32[4611686018427387904]: its size in bytes overflows 64 bits");
  auto matvec = module.function("matvec");
  auto big = matvec->call({Array::view(x.data(), {int64_t(1) << 40, int64_t(1) << 40}),
                           Array::view(x.data(), {int64_t(1) << 40})});
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().message.find("overflows 64 bits"), std::string::npos)
      << big.error().message;
  arrayc_array huge;
  int64_t shape[2] = {int64_t(1) << 40, int64_t(1) << 40};
  arrayc_array_init(&huge, x.data(), ARRAYC_F32, 2, shape, nullptr, -1);
  EXPECT_EQ(arrayc_array_size(&huge), -1);
  auto nothing = module.function("nope");
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().code, ARRAYC_ERR_NOT_FOUND);
  EXPECT_NE(nothing.error().message.find("sqdiff, saxpy, colstats"), std::string::npos);
  auto wrongArity = module.function<Array(Array)>("sqdiff");
  ASSERT_FALSE(wrongArity);
  arrayc::CompileOptions o;
  o.precision = "f8";
  auto badOption = ctx.compile(kLib, o);
  ASSERT_FALSE(badOption);
  EXPECT_EQ(badOption.error().code, ARRAYC_ERR_INVALID);
}

TEST_F(API, CpuContextHasNoStreamOrPool) {
  EXPECT_EQ(ctx.stream(), nullptr);
  auto usage = ctx.poolUsage();
  ASSERT_TRUE(usage);
  EXPECT_EQ(usage->used, 0u);
  EXPECT_TRUE(ctx.trimPool());
  EXPECT_TRUE(ctx.synchronize());
  // Host copies work on any target.
  std::vector<float> v{1, 2, 3, 4, 5, 6};
  auto column = ctx.toHost(Array::view(v.data(), {3}, {2}));
  ASSERT_TRUE(column);
  EXPECT_EQ(column->data<float>()[2], 5.0f);
  auto device = ctx.toDevice(Array::view(v));
  ASSERT_FALSE(device);
  EXPECT_EQ(device.error().code, ARRAYC_ERR_DEVICE);
}

TEST(CAPI, NullHandlesAreInvalid) {
  arrayc_module m;
  EXPECT_EQ(arrayc_compile(nullptr, "", 0, nullptr, &m), ARRAYC_ERR_INVALID);
  EXPECT_STRNE(arrayc_last_error(), "");
  arrayc_function fn;
  EXPECT_EQ(arrayc_module_lookup(nullptr, "f", &fn), ARRAYC_ERR_INVALID);
  EXPECT_EQ(arrayc_call(nullptr, nullptr, 0, nullptr, 0), ARRAYC_ERR_INVALID);
  arrayc_context_options o;
  arrayc_context_options_init(&o);
  o.target = 7;
  arrayc_context ctx;
  EXPECT_EQ(arrayc_context_create(&o, &ctx), ARRAYC_ERR_INVALID);
  arrayc_array_release(nullptr);
  EXPECT_STREQ(arrayc_version(), "0.1.0");
}

// A mesh and its splits (docs/distributed.md) are checked as arrayc's --mesh
// and --shard are, before anything compiles; a split of a function the
// source does not have is the compiler's error. (Runs over processes are in
// test/distributed: python_jit.test.)
TEST(CAPI, MeshOptionsAreChecked) {
  arrayc::Context ctx = cpuContext();
  const char *src = "def dot(a: f64[8], b: f64[8]) -> f64:\n    return np.sum(a * b)\n";
  auto compile = [&](const char *mesh, std::vector<std::string> shard) {
    arrayc::CompileOptions o;
    o.mesh = mesh;
    o.shard = std::move(shard);
    return ctx.compile(src, o);
  };
  auto noShard = compile("2", {});
  ASSERT_FALSE(noShard);
  EXPECT_EQ(noShard.error().code, ARRAYC_ERR_INVALID);
  EXPECT_NE(noShard.error().message.find("a mesh needs shard"), std::string::npos)
      << noShard.error().message;
  auto noMesh = compile("", {"dot:0=0"});
  ASSERT_FALSE(noMesh);
  EXPECT_NE(noMesh.error().message.find("shard needs a mesh"), std::string::npos);
  auto badMesh = compile("2y", {"dot:0=0"});
  ASSERT_FALSE(badMesh);
  EXPECT_EQ(badMesh.error().code, ARRAYC_ERR_INVALID);
  EXPECT_NE(badMesh.error().message.find("mesh '2y'"), std::string::npos)
      << badMesh.error().message;
  auto badSpec = compile("2", {"dot:0=0", "dot=1"});
  ASSERT_FALSE(badSpec);
  EXPECT_EQ(badSpec.error().code, ARRAYC_ERR_INVALID);
  EXPECT_NE(badSpec.error().message.find("shard 'dot=1'"), std::string::npos)
      << badSpec.error().message;
  auto unknown = compile("2", {"norm:0=0"});
  ASSERT_FALSE(unknown);
  if (unknown.error().message.find("MPI runtime") == std::string::npos) {
    EXPECT_EQ(unknown.error().code, ARRAYC_ERR_COMPILE);
    EXPECT_NE(unknown.error().message.find("no function 'norm'"), std::string::npos)
        << unknown.error().message;
  }
}

// Descriptors filled by hand: every field is checked before anything reads
// the data (these used to segfault in describe() or read outside the array).
TEST(CAPI, EveryDescriptorFieldIsChecked) {
  arrayc_context_options o;
  arrayc_context_options_init(&o);
  o.target = ARRAYC_TARGET_CPU;
  arrayc_context ctx;
  ASSERT_EQ(arrayc_context_create(&o, &ctx), ARRAYC_OK);
  const char *src = "def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:\n    return (x - y) ** 2\n";
  arrayc_module mod;
  ASSERT_EQ(arrayc_compile(ctx, src, std::strlen(src), nullptr, &mod), ARRAYC_OK) << arrayc_last_error();
  arrayc_function fn;
  ASSERT_EQ(arrayc_module_lookup(mod, "sqdiff", &fn), ARRAYC_OK);
  std::vector<float> x{0, 1, 2, 3, 4, 5, 6, 7};
  int64_t n = 8;
  auto call = [&](arrayc_array bad, const char *substring) {
    arrayc_array args[2], out;
    arrayc_array_init(&args[0], x.data(), ARRAYC_F32, 1, &n, nullptr, -1);
    args[1] = bad;
    EXPECT_EQ(arrayc_call(fn, args, 2, &out, 1), ARRAYC_ERR_ARGUMENT) << substring;
    EXPECT_NE(std::string(arrayc_last_error()).find(substring), std::string::npos)
        << arrayc_last_error();
    EXPECT_EQ(out.data, nullptr);
  };
  auto good = [&] {
    arrayc_array a;
    arrayc_array_init(&a, x.data(), ARRAYC_F32, 1, &n, nullptr, -1);
    return a;
  };
  for (int32_t rank : {17, 1000, -1, INT32_MIN}) {
    arrayc_array a = good();
    a.rank = rank;
    call(a, ("has rank " + std::to_string(rank) + " (0 to 16 allowed)").c_str());
    EXPECT_EQ(arrayc_array_size(&a), -1);
  }
  for (int32_t dtype : {15, -1, 99}) {
    arrayc_array a = good();
    a.dtype = dtype;
    call(a, "has an unknown dtype");
  }
  arrayc_array a = good();
  a.device = -2;
  call(a, "has device -2");
  a = good();
  a.shape[0] = -3;
  call(a, "a negative size");
  a = good();
  a.data = nullptr;
  call(a, "has no data (NULL)");
  // Strides whose byte extent overflows 64 bits, or reaches below address 0
  // or past the top of the address space.
  for (int64_t stride : {int64_t(1) << 61, INT64_MAX, INT64_MIN, -(int64_t(1) << 60)}) {
    a = good();
    a.strides[0] = stride;
    call(a, "with strides that reach past the address space");
  }
  a = good();
  a.data = reinterpret_cast<void *>(uintptr_t(0) - 16);
  call(a, "with strides that reach past the address space");
  // Strided views within the address space are fine (a reversed view).
  a = good();
  a.data = &x[7];
  a.strides[0] = -1;
  arrayc_array args[2] = {good(), a}, out;
  ASSERT_EQ(arrayc_call(fn, args, 2, &out, 1), ARRAYC_OK) << arrayc_last_error();
  EXPECT_EQ(static_cast<float *>(out.data)[0], 49.0f); // (0 - 7)^2
  EXPECT_EQ(static_cast<float *>(out.data)[3], 1.0f);  // (3 - 4)^2
  arrayc_array_release(&out);
  // The copies check the same fields.
  a = good();
  a.rank = 99;
  EXPECT_EQ(arrayc_array_to_host(ctx, &a, &out), ARRAYC_ERR_INVALID);
  EXPECT_NE(std::string(arrayc_last_error()).find("has rank 99"), std::string::npos);
  arrayc_module_release(mod);
  arrayc_context_release(ctx);
}

} // namespace
