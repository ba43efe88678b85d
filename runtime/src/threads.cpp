// Threads of the cpu target: one count for the compiled parallel loops (LLVM's
// OpenMP runtime; lib/Transforms/CPUThreads.cpp emits omp.parallel regions
// whose num_threads is arrayc_rt_num_threads()) and for OpenBLAS, which
// keeps a pool of its own. The two never run at once: a parallel loop calls
// nothing, and BLAS is called between loops.
#include "internal.h"

#include <cblas.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <strings.h>

extern "C" {
// libomp's C API (omp.h is clang's header; the runtime is built with g++).
int omp_get_max_threads(void);
void omp_set_num_threads(int);
void kmp_set_defaults(const char *);
}

namespace {

/// ARRAYC_NUM_THREADS (a positive integer), else OpenMP's default: every
/// core the process may run on, or OMP_NUM_THREADS.
int32_t configuredThreads() {
  // libomp's idle threads spin for KMP_BLOCKTIME (200 ms by default) after
  // each parallel region before they sleep: after a compiled call returns
  // to NumPy or to OpenBLAS they would hold every core that long. 1 ms
  // covers the gaps between a call's loop nests. A default for when libomp
  // starts (below, unless something in the process started it already),
  // without touching the environment; a KMP_BLOCKTIME the user set wins.
  if (!std::getenv("KMP_BLOCKTIME"))
    kmp_set_defaults("KMP_BLOCKTIME=1");
  const char *env = std::getenv("ARRAYC_NUM_THREADS");
  if (!env || !*env)
    return static_cast<int32_t>(omp_get_max_threads());
  char *end = nullptr;
  errno = 0;
  long n = std::strtol(env, &end, 10);
  if (*end != '\0' || errno != 0 || n < 1 || n > 1 << 16)
    arrayc_rt_fatal_status(ARRAYC_RT_ERR_INVALID, nullptr,
                           "ARRAYC_NUM_THREADS must be a positive integer");
  omp_set_num_threads(static_cast<int>(n));
  openblas_set_num_threads(static_cast<int>(n));
  return static_cast<int32_t>(n);
}

/// Debian 12's OpenBLAS 0.3.21 (DYNAMIC_ARCH) picks its kernels by CPU model
/// and falls back to the generic Prescott ones on x86 CPUs newer than it
/// knows (the device machine's Xeon: sgemm 1024^2 9.4 ms there, 4.2 with the
/// SkylakeX kernels). Later OpenBLAS releases choose those CPUs' kernels by
/// their features; this does the same, once, when the runtime is loaded
/// (OpenBLAS, a dependency, has initialized first): only when OpenBLAS fell
/// back to Prescott, the user set no OPENBLAS_CORETYPE, and the CPU (and the
/// OS, which libgcc's cpu checks include) supports AVX2 and FMA, or
/// AVX-512. The environment variable is how OpenBLAS's own selection is told
/// the core; it is set for the reselection only.
__attribute__((constructor)) void reselectFallbackOpenBLASKernels() {
  arrayc_rt::reselectOpenBLASKernels(/*onlyFromFallback=*/true);
}

} // namespace

namespace {
/// A symbol of the OpenBLAS the runtime calls, looked up in that library
/// (found from cblas_sgemm's address): a host that loaded the runtime with
/// RTLD_LOCAL (Python's ctypes) keeps OpenBLAS out of the global scope.
void *openBLASSymbol(const char *name) {
  static void *library = [] {
    Dl_info info;
    if (!dladdr(reinterpret_cast<void *>(&cblas_sgemm), &info) || !info.dli_fname)
      return static_cast<void *>(nullptr);
    return dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD);
  }();
  return library ? dlsym(library, name) : nullptr;
}
} // namespace

const char *arrayc_rt::openBLASCoreName() {
  auto corename = reinterpret_cast<char *(*)()>(openBLASSymbol("openblas_get_corename"));
  return corename ? corename() : nullptr;
}

const char *arrayc_rt::reselectOpenBLASKernels(bool onlyFromFallback) {
  auto quit = reinterpret_cast<void (*)()>(openBLASSymbol("gotoblas_dynamic_quit"));
  auto init = reinterpret_cast<void (*)()>(openBLASSymbol("gotoblas_dynamic_init"));
  const char *core = openBLASCoreName();
  if (!quit || !init || !core) // not a DYNAMIC_ARCH OpenBLAS
    return nullptr;
  if (onlyFromFallback && (strcasecmp(core, "Prescott") != 0 || std::getenv("OPENBLAS_CORETYPE")))
    return nullptr;
  __builtin_cpu_init();
  const char *chosen = nullptr;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512cd"))
    chosen = "SkylakeX";
  else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    chosen = "Haswell";
  if (!chosen)
    return nullptr;
  setenv("OPENBLAS_CORETYPE", chosen, /*overwrite=*/1);
  quit();
  init();
  unsetenv("OPENBLAS_CORETYPE");
  return chosen;
}

ARRAYC_RT_API const char *arrayc_rt_openblas_core(void) { return arrayc_rt::openBLASCoreName(); }

int32_t arrayc_rt::numThreads() {
  static const int32_t n = configuredThreads();
  return n;
}

ARRAYC_RT_API int32_t arrayc_rt_num_threads(void) { return arrayc_rt::numThreads(); }
