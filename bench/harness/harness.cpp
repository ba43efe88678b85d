// Timing harness for one arrayc workload. Parameterized at compile time (see build.sh):
//   BENCH_NAME   "sqdiff"             workload name printed in the JSON line
//   BENCH_FN     _mlir_ciface_sqdiff  the exported C interface wrapper
//   BENCH_T      float | double       element type of inputs and result
//   BENCH_DT     ARRAYC_RT_F32 | ...  runtime dtype code
//   BENCH_NIN    1 | 2                number of array arguments
//   BENCH_IRANK  rank of every input; BENCH_ORANK rank of the result (0: scalar)
// Usage: bench_X in0.npy [in1.npy] out.npy [warmup] [iters] [min_seconds]
// Every call is timed as steady_clock around (call; cuCtxSynchronize; mgpuMemFree of the
// result back to arrayc's caching pool), i.e. what a loop of calls costs the caller;
// the call alone is reported too.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda.h>

// The runtime's free: results return to arrayc's device memory pool.
extern "C" void mgpuMemFree(void *ptr, CUstream stream);

#include "arrayc_rt/runtime.h"

template <typename T, int R> struct Desc {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[R];
  int64_t strides[R];
};
template <typename T> struct Desc<T, 0> {
  T *allocated;
  T *aligned;
  int64_t offset;
};

// Complex storage (std::complex's layout): the fft workloads.
struct cf32 { float re, im; };
#ifndef BENCH_TO // the result's element type, when it is not the inputs'
#define BENCH_TO BENCH_T
#define BENCH_DTO BENCH_DT
#endif

using T = BENCH_T;
using TO = BENCH_TO;
using InDesc = Desc<T, BENCH_IRANK>;
using OutDesc = Desc<TO, BENCH_ORANK>;

#if BENCH_NIN == 1
extern "C" void BENCH_FN(OutDesc *, InDesc *);
#else
extern "C" void BENCH_FN(OutDesc *, InDesc *, InDesc *);
#endif

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

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void load_input(const char *path, InDesc *d, std::vector<int64_t> &shape) {
  int64_t dims[ARRAYC_RT_NPY_MAX_RANK];
  for (int i = 0; i < BENCH_IRANK; ++i) dims[i] = -1;
  if (arrayc_rt_npy_check(path, BENCH_DT, BENCH_IRANK, dims) != ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", path, arrayc_rt_last_error());
    std::exit(2);
  }
  int64_t n = 1;
  shape.assign(dims, dims + BENCH_IRANK);
  int64_t strides[BENCH_IRANK > 0 ? BENCH_IRANK : 1];
  for (int i = BENCH_IRANK - 1; i >= 0; --i) {
    strides[i] = n;
    n *= dims[i];
  }
  std::vector<T> host(n);
  if (arrayc_rt_npy_read(path, BENCH_DT, BENCH_IRANK, dims, strides, host.data()) !=
      ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", path, arrayc_rt_last_error());
    std::exit(2);
  }
  CUdeviceptr p;
  CK(cuMemAlloc(&p, n * sizeof(T)));
  CK(cuMemcpyHtoD(p, host.data(), n * sizeof(T)));
  d->allocated = d->aligned = reinterpret_cast<T *>(p);
  d->offset = 0;
  for (int i = 0; i < BENCH_IRANK; ++i) {
    d->sizes[i] = dims[i];
    d->strides[i] = strides[i];
  }
}

int main(int argc, char **argv) {
  if (argc < 2 + BENCH_NIN) {
    std::fprintf(stderr, "usage: %s in.npy%s out.npy [warmup] [iters] [min_s]\n", argv[0],
                 BENCH_NIN == 2 ? " in2.npy" : "");
    return 2;
  }
  const char *out_path = argv[1 + BENCH_NIN];
  int warmup = argc > 2 + BENCH_NIN ? std::atoi(argv[2 + BENCH_NIN]) : 5;
  int iters = argc > 3 + BENCH_NIN ? std::atoi(argv[3 + BENCH_NIN]) : 50;
  double min_s = argc > 4 + BENCH_NIN ? std::atof(argv[4 + BENCH_NIN]) : 0.0;

  // The generated code's module loads (global constructors) already initialised the
  // driver and made the primary context current through the runtime; do it again
  // here explicitly so that our own allocations use the same context.
  CK(cuInit(0));
  CUdevice dev;
  CK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));

  InDesc in[2];
  std::vector<int64_t> shape;
  for (int i = 0; i < BENCH_NIN; ++i) load_input(argv[1 + i], &in[i], shape);
  CK(cuCtxSynchronize());

  auto call = [&](OutDesc *out) {
#if BENCH_NIN == 1
    BENCH_FN(out, &in[0]);
#else
    BENCH_FN(out, &in[0], &in[1]);
#endif
  };

  for (int i = 0; i < warmup; ++i) {
    OutDesc out;
    call(&out);
    CK(cuCtxSynchronize());
    mgpuMemFree(out.allocated, nullptr);
  }

  using clk = std::chrono::steady_clock;
  std::vector<double> t_total, t_call;
  auto start = clk::now();
  for (int i = 0;; ++i) {
    if (i >= iters && std::chrono::duration<double>(clk::now() - start).count() >= min_s)
      break;
    OutDesc out;
    auto t0 = clk::now();
    call(&out);
    CK(cuCtxSynchronize());
    auto t1 = clk::now();
    mgpuMemFree(out.allocated, nullptr);
    auto t2 = clk::now();
    t_call.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    t_total.push_back(std::chrono::duration<double, std::milli>(t2 - t0).count());
  }

  // Where a call's time goes: calls queued back to back (each output freed
  // right away, one synchronize at the end) give the host's dispatch cost
  // per call when the GPU keeps up; an empty synchronize is the floor of the
  // round trip the median above pays once per call.
  // ARRAYC_BENCH_QUEUED=0 (bench/run.py's ncu run) leaves this out.
  const char *queuedEnv = std::getenv("ARRAYC_BENCH_QUEUED");
  const int kQueued = queuedEnv && std::strcmp(queuedEnv, "0") == 0 ? 0 : 100;
  auto q0 = clk::now();
  for (int i = 0; i < kQueued; ++i) {
    OutDesc out;
    call(&out);
    mgpuMemFree(out.allocated, nullptr);
  }
  CK(cuCtxSynchronize());
  double queued =
      kQueued ? std::chrono::duration<double, std::milli>(clk::now() - q0).count() / kQueued : 0;
  std::vector<double> t_sync;
  for (int i = 0; i < 100; ++i) {
    auto s0 = clk::now();
    CK(cuCtxSynchronize());
    t_sync.push_back(std::chrono::duration<double, std::milli>(clk::now() - s0).count());
  }

  // One more call for the output that gets checked; poison its buffer first is not
  // possible (the callee allocates it), so the check is against an independent peer.
  OutDesc out;
  call(&out);
  CK(cuCtxSynchronize());
  int64_t n = 1;
  int64_t osizes[BENCH_ORANK > 0 ? BENCH_ORANK : 1];
  int64_t ostrides[BENCH_ORANK > 0 ? BENCH_ORANK : 1];
#if BENCH_ORANK > 0
  for (int i = BENCH_ORANK - 1; i >= 0; --i) {
    osizes[i] = out.sizes[i];
    n *= out.sizes[i];
  }
  for (int i = BENCH_ORANK - 1, s = 1; i >= 0; --i) {
    ostrides[i] = s;
    s *= (int)osizes[i];
  }
  // The result is expected dense and row-major; refuse to write anything else.
  for (int i = 0; i < BENCH_ORANK; ++i)
    if (out.strides[i] != ostrides[i] && osizes[i] != 1) {
      std::fprintf(stderr, "unexpected result strides\n");
      return 2;
    }
#endif
  std::vector<TO> host(n);
  CK(cuMemcpyDtoH(host.data(), reinterpret_cast<CUdeviceptr>(out.aligned + out.offset),
                  n * sizeof(TO)));
  mgpuMemFree(out.allocated, nullptr);
  if (arrayc_rt_npy_write(out_path, BENCH_DTO, BENCH_ORANK, osizes, ostrides, host.data()) !=
      ARRAYC_RT_OK) {
    std::fprintf(stderr, "%s: %s\n", out_path, arrayc_rt_last_error());
    return 2;
  }
  for (int i = 0; i < BENCH_NIN; ++i)
    CK(cuMemFree(reinterpret_cast<CUdeviceptr>(in[i].allocated)));

  double mn = *std::min_element(t_total.begin(), t_total.end());
  std::printf("{\"workload\": \"%s\", \"system\": \"arrayc\", \"median_ms\": %.6f, "
              "\"min_ms\": %.6f, \"call_only_median_ms\": %.6f, \"queued_ms\": %.6f, "
              "\"empty_sync_ms\": %.6f, \"n\": %zu}\n",
              BENCH_NAME, median(t_total), mn, median(t_call), queued, median(t_sync),
              t_total.size());
  return 0;
}
