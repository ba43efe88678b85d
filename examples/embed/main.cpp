// embed_sqdiff: compile .arr source at run time and call it on this program's
// own buffers (the C++ API). Prints the results, checks them against a
// double-precision reference computed here, and shows how errors surface.
#include <arrayc/arrayc.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

static const char *kSource = R"(
def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def stats(x: f32[n, m]) -> (f32[m], f32):
    return np.mean(x, axis=0), np.max(x)
)";

int main(int argc, char **argv) {
  arrayc::ContextOptions options;
  if (argc > 1) // "cpu" or "cuda"; default: cuda when a GPU is usable
    options.target = std::string(argv[1]) == "cuda" ? arrayc::Target::CUDA : arrayc::Target::CPU;
  auto ctx = arrayc::Context::create(options);
  if (!ctx) {
    std::fprintf(stderr, "context: %s\n", ctx.error().message.c_str());
    return 1;
  }
  std::printf("target: %s\n", ctx->target() == arrayc::Target::CUDA ? "cuda" : "cpu");

  arrayc::CompileOptions compileOptions;
  compileOptions.name = "embedded.arr"; // diagnostics name it
  auto module = ctx->compile(kSource, compileOptions);
  if (!module) {
    std::fprintf(stderr, "%s\n", module.error().message.c_str());
    return 1;
  }
  auto sqdiff = module->function<arrayc::Array(arrayc::Array, arrayc::Array)>("sqdiff");
  auto stats = module->function<std::tuple<arrayc::Array, arrayc::Array>(arrayc::Array)>("stats");
  if (!sqdiff || !stats) {
    std::fprintf(stderr, "lookup: %s\n", (!sqdiff ? sqdiff.error() : stats.error()).message.c_str());
    return 1;
  }

  // Host buffers of this program; on cuda they are staged to the device.
  std::mt19937 rng(std::random_device{}());
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  const int64_t n = 100000;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = dist(rng);
    y[i] = dist(rng);
  }
  auto d = (*sqdiff)(arrayc::Array::view(x), arrayc::Array::view(y));
  if (!d) {
    std::fprintf(stderr, "call: %s\n", d.error().message.c_str());
    return 1;
  }
  auto host = ctx->toHost(*d); // a device result is copied back (waits for it)
  const float *out = host->data<float>();
  double err = 0, ref = 0;
  for (int64_t i = 0; i < n; ++i) {
    double r = (double(x[i]) - y[i]) * (double(x[i]) - y[i]);
    err += (out[i] - r) * (out[i] - r);
    ref += r * r;
  }
  double rel = std::sqrt(err / ref);
  std::printf("sqdiff: n=%lld d[0]=%.6f d[n-1]=%.6f rel.err=%.2e\n", (long long)n, out[0],
              out[n - 1], rel);

  // A strided view: every second row of a 6x3 row-major matrix (3x3).
  std::vector<float> m(18);
  for (int i = 0; i < 18; ++i)
    m[i] = float(i);
  auto st = (*stats)(arrayc::Array::view(m.data(), {3, 3}, {6, 1}));
  if (!st) {
    std::fprintf(stderr, "call: %s\n", st.error().message.c_str());
    return 1;
  }
  auto mean = ctx->toHost(std::get<0>(*st)), max = ctx->toHost(std::get<1>(*st));
  std::printf("stats: mean=[%g %g %g] max=%g\n", mean->data<float>()[0], mean->data<float>()[1],
              mean->data<float>()[2], max->data<float>()[0]);
  bool ok = rel < 1e-6 && mean->data<float>()[0] == 6.0f && max->data<float>()[0] == 14.0f;

  // Errors are values carrying the diagnostic text.
  compileOptions.name = "bad.arr";
  auto bad = ctx->compile("def f(x: f32[n]) -> f32[n]:\n    return x +* 2\n", compileOptions);
  std::printf("compile error (expected):\n%s\n", bad ? "none!" : bad.error().message.c_str());
  std::vector<float> shorter(n - 1);
  auto mismatch = (*sqdiff)(arrayc::Array::view(x), arrayc::Array::view(shorter));
  std::printf("call error (expected): %s\n",
              mismatch ? "none!" : mismatch.error().message.c_str());
  ok = ok && !bad && !mismatch;
  std::printf("%s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
