// compile_time: how long libarrayc takes from `.arr` source to a callable,
// cold (nothing cached: frontend, pipelines, LLVM, ptxas for cuda, ORC link,
// kernel load) or warm (a new process finding the disk cache entry: read,
// hash check, ORC link, kernel load). The device is initialized before the
// clock starts (a CUDA context is not compilation). Then one call checks the
// code. Prints one JSON line.
//   compile_time cpu|cuda CACHE_DIR [isa|bin|fatbin]
#include <arrayc/arrayc.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

static const char *kSqdiff = "def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:\n"
                             "    return (x - y) * (x - y)\n";

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: compile_time cpu|cuda CACHE_DIR [isa|bin|fatbin]\n");
    return 2;
  }
  arrayc::ContextOptions o;
  o.target = std::string(argv[1]) == "cuda" ? arrayc::Target::CUDA : arrayc::Target::CPU;
  o.cacheDir = argv[2];
  o.cache = 1;
  auto ctx = arrayc::Context::create(o);
  if (!ctx) {
    std::fprintf(stderr, "%s\n", ctx.error().message.c_str());
    return 1;
  }
  std::vector<float> x(1000), y(1000);
  for (int i = 0; i < 1000; ++i) {
    x[i] = std::sin(float(i));
    y[i] = std::cos(float(i));
  }
  if (o.target == arrayc::Target::CUDA) { // device warm-up: context, pool
    auto d = ctx->toDevice(arrayc::Array::view(x));
    if (!d) {
      std::fprintf(stderr, "%s\n", d.error().message.c_str());
      return 1;
    }
  }
  auto t0 = std::chrono::steady_clock::now();
  arrayc::CompileOptions co;
  if (argc == 4)
    co.gpuFormat = argv[3];
  auto module = ctx->compile(kSqdiff, co);
  if (!module) {
    std::fprintf(stderr, "%s\n", module.error().message.c_str());
    return 1;
  }
  auto fn = module->function<arrayc::Array(arrayc::Array, arrayc::Array)>("sqdiff");
  auto t1 = std::chrono::steady_clock::now();
  if (!fn) {
    std::fprintf(stderr, "%s\n", fn.error().message.c_str());
    return 1;
  }
  auto r = (*fn)(arrayc::Array::view(x), arrayc::Array::view(y));
  if (!r) {
    std::fprintf(stderr, "%s\n", r.error().message.c_str());
    return 1;
  }
  auto host = ctx->toHost(*r);
  double worst = 0;
  for (int i = 0; i < 1000; ++i) {
    double ref = (double(x[i]) - y[i]) * (double(x[i]) - y[i]);
    worst = std::fmax(worst, std::fabs(host->data<float>()[i] - ref) / std::fmax(ref, 1e-30));
  }
  std::printf("{\"target\": \"%s\", \"compile_ms\": %.3f, \"max_rel_err\": %.3g}\n", argv[1],
              std::chrono::duration<double, std::milli>(t1 - t0).count(), worst);
  return worst < 1e-6 ? 0 : 1;
}
