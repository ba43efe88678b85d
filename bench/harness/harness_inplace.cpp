// Timing harness for one arrayc in-place workload (issue 25): a function that returns
// nothing and updates its array arguments (NumPy reference semantics). Parameterized at
// compile time (see build.sh, rows whose output-rank column is `inplace=...`):
//   BENCH_NAME   "jacobi_2d_4096"          workload name printed in the JSON line
//   BENCH_FN     _mlir_ciface_jacobi_2d    the exported C interface wrapper
//   BENCH_T      float | double            element type of every array argument
//   BENCH_DT     ARRAYC_RT_F32 | ...       runtime dtype code
//   BENCH_NARGS  number of parameters (scalars and arrays), 1..8
//   BENCH_SIG    "i20,2,2"                 the parameters in order: `iV` an i64 scalar of
//                value V, a digit R an array of rank R (the next .npy input)
//   BENCH_OUTS   "0+1"                     the arrays (0-based among the array
//                arguments) written to out.npy: flattened and concatenated, 1-D
// ABI: `_mlir_ciface_<fn>(D0*, D1*, ...)`, one pointer to a memref descriptor per
// parameter and no result (a function that returns nothing has no result descriptor):
// {T *allocated, T *aligned, int64 offset, int64 sizes[R], int64 strides[R]}; an i64
// scalar is a 0-d memref<i64> {allocated, aligned, offset} whose storage is device
// memory (the compiled code reads it with a kernel; arrayc_rt_check_device refuses a
// host pointer).
// Usage: bench_X in0.npy [in1.npy ...] out.npy [warmup] [iters] [min_seconds]
// Order: ONE call on the fresh inputs, whose arrays BENCH_OUTS go to out.npy (the
// output that run.py checks against CuPy's after one call from the same inputs); then
// `warmup` calls and the timed calls, on the arrays as the previous calls left them
// (fine for timing: the work per call does not depend on the values). Each timed call:
// steady_clock around (call; cuCtxSynchronize) — nothing to free, the function
// allocates no result. Then 100 calls queued back to back (ARRAYC_BENCH_QUEUED=0 skips
// them) and an empty synchronize, as harness.cpp.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda.h>

#include "arrayc_rt/runtime.h"

#define CK(x)                                                                    \
  do {                                                                           \
    CUresult r_ = (x);                                                           \
    if (r_ != CUDA_SUCCESS) {                                                    \
      const char *s_ = nullptr;                                                  \
      cuGetErrorString(r_, &s_);                                                 \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #x,      \
                   s_ ? s_ : "?");                                               \
      std::exit(2);                                                              \
    }                                                                            \
  } while (0)

using T = BENCH_T;

// Every parameter is a pointer to a descriptor: declare the wrapper with BENCH_NARGS
// pointer parameters.
#if BENCH_NARGS == 1
extern "C" void BENCH_FN(void *);
#define BENCH_CALL(p) BENCH_FN(p[0])
#elif BENCH_NARGS == 2
extern "C" void BENCH_FN(void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1])
#elif BENCH_NARGS == 3
extern "C" void BENCH_FN(void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2])
#elif BENCH_NARGS == 4
extern "C" void BENCH_FN(void *, void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2], p[3])
#elif BENCH_NARGS == 5
extern "C" void BENCH_FN(void *, void *, void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2], p[3], p[4])
#elif BENCH_NARGS == 6
extern "C" void BENCH_FN(void *, void *, void *, void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2], p[3], p[4], p[5])
#elif BENCH_NARGS == 7
extern "C" void BENCH_FN(void *, void *, void *, void *, void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2], p[3], p[4], p[5], p[6])
#elif BENCH_NARGS == 8
extern "C" void BENCH_FN(void *, void *, void *, void *, void *, void *, void *, void *);
#define BENCH_CALL(p) BENCH_FN(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7])
#else
#error "BENCH_NARGS must be 1..8"
#endif

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// One parameter: its descriptor as 8-byte words (allocated, aligned, offset, sizes[R],
// strides[R]: every field 8 bytes, so the words are the struct's layout).
struct Param {
  bool scalar = false;
  int rank = 0;
  int64_t value = 0;          // scalars
  std::vector<int64_t> words; // the descriptor
  int64_t count = 1;          // elements (arrays)
  CUdeviceptr dev = 0;
};

static std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> out;
  size_t b = 0;
  for (;;) {
    size_t e = s.find(sep, b);
    out.push_back(s.substr(b, e == std::string::npos ? std::string::npos : e - b));
    if (e == std::string::npos)
      return out;
    b = e + 1;
  }
}

static void load_array(const char *path, Param &p) {
  int64_t dims[ARRAYC_RT_NPY_MAX_RANK];
  for (int i = 0; i < p.rank; ++i) dims[i] = -1;
  if (arrayc_rt_npy_check(path, BENCH_DT, p.rank, dims) != ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", path, arrayc_rt_last_error());
    std::exit(2);
  }
  int64_t strides[ARRAYC_RT_NPY_MAX_RANK > 0 ? ARRAYC_RT_NPY_MAX_RANK : 1];
  int64_t n = 1;
  for (int i = p.rank - 1; i >= 0; --i) {
    strides[i] = n;
    n *= dims[i];
  }
  std::vector<T> host(n);
  if (arrayc_rt_npy_read(path, BENCH_DT, p.rank, dims, strides, host.data()) != ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", path, arrayc_rt_last_error());
    std::exit(2);
  }
  CK(cuMemAlloc(&p.dev, std::max<int64_t>(n, 1) * sizeof(T)));
  CK(cuMemcpyHtoD(p.dev, host.data(), n * sizeof(T)));
  p.count = n;
  p.words.assign(3 + 2 * p.rank, 0);
  p.words[0] = p.words[1] = static_cast<int64_t>(p.dev);
  for (int i = 0; i < p.rank; ++i) {
    p.words[3 + i] = dims[i];
    p.words[3 + p.rank + i] = strides[i];
  }
}

int main(int argc, char **argv) {
  std::vector<Param> params;
  for (const std::string &tok : split(BENCH_SIG, ',')) {
    Param p;
    if (!tok.empty() && tok[0] == 'i') {
      p.scalar = true;
      p.value = std::atoll(tok.c_str() + 1);
    } else {
      p.rank = std::atoi(tok.c_str());
    }
    params.push_back(p);
  }
  if ((int)params.size() != BENCH_NARGS) {
    std::fprintf(stderr, "BENCH_SIG has %zu parameters, BENCH_NARGS %d\n", params.size(),
                 BENCH_NARGS);
    return 2;
  }
  std::vector<Param *> arrays;
  for (Param &p : params)
    if (!p.scalar) arrays.push_back(&p);
  const int nin = (int)arrays.size();
  if (argc < 2 + nin) {
    std::fprintf(stderr, "usage: %s (%d inputs .npy) out.npy [warmup] [iters] [min_s]\n",
                 argv[0], nin);
    return 2;
  }
  std::vector<int> outs;
  for (const std::string &tok : split(BENCH_OUTS, '+')) {
    int k = std::atoi(tok.c_str());
    if (k < 0 || k >= nin) {
      std::fprintf(stderr, "BENCH_OUTS: no array argument %d\n", k);
      return 2;
    }
    outs.push_back(k);
  }
  const char *out_path = argv[1 + nin];
  int warmup = argc > 2 + nin ? std::atoi(argv[2 + nin]) : 3;
  int iters = argc > 3 + nin ? std::atoi(argv[3 + nin]) : 20;
  double min_s = argc > 4 + nin ? std::atof(argv[4 + nin]) : 0.0;

  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));

  for (int i = 0; i < nin; ++i) load_array(argv[1 + i], *arrays[i]);
  for (Param &p : params) {
    if (!p.scalar) continue;
    CK(cuMemAlloc(&p.dev, sizeof(int64_t)));
    CK(cuMemcpyHtoD(p.dev, &p.value, sizeof(int64_t)));
    p.words = {static_cast<int64_t>(p.dev), static_cast<int64_t>(p.dev), 0};
  }
  CK(cuCtxSynchronize());
  void *ptrs[8] = {};
  for (int i = 0; i < BENCH_NARGS; ++i) ptrs[i] = params[i].words.data();
  auto call = [&] { BENCH_CALL(ptrs); };

  // The checked output: one call on the fresh inputs.
  call();
  CK(cuCtxSynchronize());
  int64_t total = 0;
  for (int k : outs) total += arrays[k]->count;
  std::vector<T> host(total);
  int64_t at = 0;
  for (int k : outs) {
    CK(cuMemcpyDtoH(host.data() + at, arrays[k]->dev, arrays[k]->count * sizeof(T)));
    at += arrays[k]->count;
  }
  int64_t osizes[1] = {total}, ostrides[1] = {1};
  if (arrayc_rt_npy_write(out_path, BENCH_DT, 1, osizes, ostrides, host.data()) !=
      ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", out_path, arrayc_rt_last_error());
    return 2;
  }

  for (int i = 0; i < warmup; ++i) {
    call();
    CK(cuCtxSynchronize());
  }
  using clk = std::chrono::steady_clock;
  std::vector<double> t_total, t_call;
  auto start = clk::now();
  for (int i = 0;; ++i) {
    if (i >= iters && std::chrono::duration<double>(clk::now() - start).count() >= min_s)
      break;
    auto t0 = clk::now();
    call();
    auto t1 = clk::now();
    CK(cuCtxSynchronize());
    auto t2 = clk::now();
    t_call.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    t_total.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
  }

  const char *queuedEnv = std::getenv("ARRAYC_BENCH_QUEUED");
  const int kQueued = queuedEnv && std::strcmp(queuedEnv, "0") == 0 ? 0 : 100;
  auto q0 = clk::now();
  for (int i = 0; i < kQueued; ++i) call();
  CK(cuCtxSynchronize());
  double queued =
      kQueued ? std::chrono::duration<double, std::milli>(clk::now() - q0).count() / kQueued : 0;
  std::vector<double> t_sync;
  for (int i = 0; i < 100; ++i) {
    auto s0 = clk::now();
    CK(cuCtxSynchronize());
    t_sync.push_back(std::chrono::duration<double, std::milli>(clk::now() - s0).count());
  }
  for (Param &p : params) CK(cuMemFree(p.dev));

  double mn = *std::min_element(t_total.begin(), t_total.end());
  std::printf("{\"workload\": \"%s\", \"system\": \"arrayc\", \"median_ms\": %.6f, "
              "\"min_ms\": %.6f, \"call_only_median_ms\": %.6f, \"queued_ms\": %.6f, "
              "\"empty_sync_ms\": %.6f, \"n\": %zu}\n",
              BENCH_NAME, median(t_total), mn, median(t_call), queued, median(t_sync),
              t_total.size());
  return 0;
}
