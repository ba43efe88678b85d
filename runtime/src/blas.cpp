// Matrix products through OpenBLAS (cblas_?gemm; cblas_?gemv for a matrix
// times a vector), for arrayc-linalg-to-blas.
//
// The compiler passes the three operands as they are (memref descriptors)
// and a plan saying which loop of the contraction indexes which dimension;
// this file turns each batch element into one GEMM call: lda/ldb and the
// transpose flags come from the strides, and a matrix GEMM cannot address
// (no unit stride, negative or overlapping strides) is copied into a packed
// one first, so any layout gives the right answer. OpenBLAS has no batched
// GEMM: a large batch of small products runs its elements on the runtime's
// threads (batchThreads), and one large product its rows (rowThreads).
#include "gemm_plan.h"
#include "internal.h"

#include <cblas.h>

#include <algorithm>
#include <climits>
#include <complex>
#include <cstring>
#include <vector>

using namespace arrayc_rt;
using namespace arrayc_rt::gemm;

namespace {

// y <- op(A) x, A rows x cols row-major (NumPy's matrix-vector products go
// to gemv too: a GEMM of one column packs the whole matrix on every call).
inline void gemv(CBLAS_TRANSPOSE t, int rows, int cols, const float *a, int lda,
                 const float *x, int incx, float *y, int incy) {
  cblas_sgemv(CblasRowMajor, t, rows, cols, 1.0f, a, lda, x, incx, 0.0f, y, incy);
}
inline void gemv(CBLAS_TRANSPOSE t, int rows, int cols, const double *a, int lda,
                 const double *x, int incx, double *y, int incy) {
  cblas_dgemv(CblasRowMajor, t, rows, cols, 1.0, a, lda, x, incx, 0.0, y, incy);
}
inline void gemv(CBLAS_TRANSPOSE t, int rows, int cols, const std::complex<float> *a, int lda,
                 const std::complex<float> *x, int incx, std::complex<float> *y, int incy) {
  const std::complex<float> one(1), zero(0);
  cblas_cgemv(CblasRowMajor, t, rows, cols, &one, a, lda, x, incx, &zero, y, incy);
}
inline void gemv(CBLAS_TRANSPOSE t, int rows, int cols, const std::complex<double> *a, int lda,
                 const std::complex<double> *x, int incx, std::complex<double> *y, int incy) {
  const std::complex<double> one(1), zero(0);
  cblas_zgemv(CblasRowMajor, t, rows, cols, &one, a, lda, x, incx, &zero, y, incy);
}

/// C = op(A) op(B) (row-major) as a matrix-vector product when C is one
/// column (A times a vector) or one row (a vector times B); false otherwise.
template <typename T>
bool gemvCall(bool ta, bool tb, int m, int n, int k, const T *a, int lda, const T *b, int ldb,
              T *c, int ldc) {
  if (n == 1 && m > 1) { // c[i * ldc] = sum_p op(A)[i, p] op(B)[p, 0]
    int incb = tb ? 1 : ldb;
    if (ta)
      gemv(CblasTrans, k, m, a, lda, b, incb, c, ldc);
    else
      gemv(CblasNoTrans, m, k, a, lda, b, incb, c, ldc);
    return true;
  }
  if (m == 1 && n > 1) { // c[j] = sum_p op(A)[0, p] op(B)[p, j]
    int inca = ta ? lda : 1;
    if (tb)
      gemv(CblasNoTrans, n, k, b, ldb, a, inca, c, 1);
    else
      gemv(CblasTrans, k, n, b, ldb, a, inca, c, 1);
    return true;
  }
  return false;
}

template <typename T> void gemmCall(bool ta, bool tb, int m, int n, int k, const T *a,
                                    int lda, const T *b, int ldb, T *c, int ldc);
#define ARRAYC_RT_GEMM_ARGS                                                              \
  CblasRowMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans, m, n, k
template <> void gemmCall<float>(bool ta, bool tb, int m, int n, int k, const float *a,
                                 int lda, const float *b, int ldb, float *c, int ldc) {
  cblas_sgemm(ARRAYC_RT_GEMM_ARGS, 1.0f, a, lda, b, ldb, 0.0f, c, ldc);
}
template <> void gemmCall<double>(bool ta, bool tb, int m, int n, int k, const double *a,
                                  int lda, const double *b, int ldb, double *c, int ldc) {
  cblas_dgemm(ARRAYC_RT_GEMM_ARGS, 1.0, a, lda, b, ldb, 0.0, c, ldc);
}
template <>
void gemmCall<std::complex<float>>(bool ta, bool tb, int m, int n, int k,
                                   const std::complex<float> *a, int lda,
                                   const std::complex<float> *b, int ldb,
                                   std::complex<float> *c, int ldc) {
  const std::complex<float> one(1), zero(0);
  cblas_cgemm(ARRAYC_RT_GEMM_ARGS, &one, a, lda, b, ldb, &zero, c, ldc);
}
template <>
void gemmCall<std::complex<double>>(bool ta, bool tb, int m, int n, int k,
                                    const std::complex<double> *a, int lda,
                                    const std::complex<double> *b, int ldb,
                                    std::complex<double> *c, int ldc) {
  const std::complex<double> one(1), zero(0);
  cblas_zgemm(ARRAYC_RT_GEMM_ARGS, &one, a, lda, b, ldb, &zero, c, ldc);
}
#undef ARRAYC_RT_GEMM_ARGS

// dst (rows x cols, row-major) <- the strided matrix at src, or back.
template <typename T>
void pack(T *dst, const T *src, int64_t rows, int64_t cols, int64_t rs, int64_t cs) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      dst[i * cols + j] = src[i * rs + j * cs];
}
template <typename T>
void unpack(T *dst, const T *src, int64_t rows, int64_t cols, int64_t rs, int64_t cs) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      dst[i * rs + j * cs] = src[i * cols + j];
}

// Packed copies of the operands GEMM cannot address, one set per thread.
template <typename T> struct Scratch {
  std::vector<T> a, b, c;
  bool allocate(const Shape &sh, bool accumulate) {
    try {
      if (!sh.la.direct) a.resize((size_t)(sh.m * sh.k));
      if (!sh.lb.direct) b.resize((size_t)(sh.k * sh.n));
      if (!sh.lc.direct || accumulate) c.resize((size_t)(sh.m * sh.n));
    } catch (...) {
      return false;
    }
    return true;
  }
};

// One batch element's product, C = A B (or C += A B).
template <typename T>
void gemmOne(const Shape &sh, bool accumulate, Scratch<T> &scratch, char *pa0, char *pb0,
             char *pc0) {
  const int64_t m = sh.m, n = sh.n, k = sh.k;
  const Layout &la = sh.la, &lb = sh.lb, &lc = sh.lc;
  T *p[3] = {reinterpret_cast<T *>(pa0), reinterpret_cast<T *>(pb0),
             reinterpret_cast<T *>(pc0)};
  if (k == 0) {
    if (!accumulate)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          p[2][i * sh.crs + j * sh.ccs] = T(0);
    return;
  }
  const T *a = p[0], *b = p[1];
  if (!la.direct) {
    pack(scratch.a.data(), p[0], m, k, sh.ars, sh.acs);
    a = scratch.a.data();
  }
  if (!lb.direct) {
    pack(scratch.b.data(), p[1], k, n, sh.brs, sh.bcs);
    b = scratch.b.data();
  }
  // Accumulation goes through a packed product: GEMM's beta = 1 would add
  // in another order than the generic, but also needs C addressable.
  T *c = (lc.direct && !accumulate) ? p[2] : scratch.c.data();
  int ldc = (lc.direct && !accumulate) ? (int)lc.ld : (int)n;
  int lda = la.direct ? (int)la.ld : (int)k, ldb = lb.direct ? (int)lb.ld : (int)n;
  if (!gemvCall<T>(la.trans, lb.trans, (int)m, (int)n, (int)k, a, lda, b, ldb, c, ldc))
    gemmCall<T>(la.trans, lb.trans, (int)m, (int)n, (int)k, a, lda, b, ldb, c, ldc);
  if (c != p[2]) {
    if (accumulate)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j)
          p[2][i * sh.crs + j * sh.ccs] += scratch.c[(size_t)(i * n + j)];
    else
      unpack(p[2], scratch.c.data(), m, n, sh.crs, sh.ccs);
  }
}

// libomp's native fork API (what clang emits for `#pragma omp parallel`; the
// runtime is built with g++, whose -fopenmp would target libgomp).
struct KmpIdent {
  int32_t reserved1, flags, reserved2, reserved3;
  const char *psource;
};
using KmpMicro = void (*)(int32_t *, int32_t *, ...);
extern "C" {
void __kmpc_fork_call(KmpIdent *, int32_t, KmpMicro, ...);
void __kmpc_push_num_threads(KmpIdent *, int32_t, int32_t);
int32_t __kmpc_global_thread_num(KmpIdent *);
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_in_parallel(void);
}
KmpIdent kmpIdent{0, 2, 0, 0, ";blas.cpp;gemmBatch;0;0;;"};

// What the runtime's threads share of a product split among them.
template <typename T> struct GemmJob {
  const Shape *sh;
  bool accumulate;
  size_t eltSizes[3];
  bool failed = false; // a thread could not allocate its scratch
};

// This thread's contiguous share [begin, end) of `count` items (neighbouring
// items are neighbours in memory); false when it has none.
bool threadShare(int64_t count, int64_t &begin, int64_t &end) {
  int64_t nt = omp_get_num_threads(), t = omp_get_thread_num();
  begin = count * t / nt;
  end = count * (t + 1) / nt;
  return begin < end;
}

// Packing buffers for `sh` on this thread; false (the job failed) when they
// cannot be allocated.
template <typename T> bool threadScratch(Scratch<T> &scratch, const Shape &sh, GemmJob<T> *job) {
  if (scratch.allocate(sh, job->accumulate))
    return true;
  __atomic_store_n(&job->failed, true, __ATOMIC_RELAXED);
  return false;
}

template <typename T> void batchMicrotask(int32_t *, int32_t *, GemmJob<T> *job) {
  const Shape &sh = *job->sh;
  int64_t begin, end;
  Scratch<T> scratch;
  if (!threadShare(sh.nbatch, begin, end) || !threadScratch(scratch, sh, job))
    return;
  for (int64_t it = begin; it < end; ++it) {
    char *p[3];
    sh.batchAddress(job->eltSizes, it, p);
    gemmOne<T>(sh, job->accumulate, scratch, p[0], p[1], p[2]);
  }
}

// OpenBLAS 0.3 computes a GEMM of m*n*k <= 65536 * GEMM_MULTITHREAD_THRESHOLD
// (4 in Debian's build) on the calling thread alone (interface/gemm.c); such
// products in a large batch run on the runtime's threads instead, one batch
// element per GEMM, so the threads are never OpenBLAS's and the runtime's at
// once. Larger products keep OpenBLAS's own threads, one element at a time.
constexpr double kSingleThreadedGemm = 65536.0 * 4;
// Below this m*n*k the calls did not run faster on more threads (H100
// machine's host, 16 cores: 4096 products of 16x16x16, 0.94 ms on one
// thread, 0.99-1.08 ms on 2-16; of 32x32x32: 3.1 -> 1.7 ms on 2 threads,
// 0.37 ms on 16).
constexpr double kMinThreadedGemm = 16384;
// Multiply-adds per thread that pay for waking it (64 products of 32x32x32,
// 2^21: 2.0x faster on 2 threads, 4.8x slower on 16).
constexpr double kWorkPerThread = 1 << 20;

// The threads a batch runs on (1: the calling thread, elements in turn).
int batchThreads(const Shape &sh) {
  int threads = numThreads();
  if (threads <= 1 || omp_in_parallel())
    return 1;
  double mnk = (double)sh.m * (double)sh.n * (double)sh.k;
  if (mnk > kSingleThreadedGemm || mnk < kMinThreadedGemm)
    return 1;
  // At least 2 elements and kWorkPerThread multiply-adds per thread.
  double byWork = mnk * (double)sh.nbatch / kWorkPerThread;
  int64_t n = std::min<int64_t>(sh.nbatch / 2, (int64_t)std::min(byWork, 1e9));
  return (int)std::max<int64_t>(1, std::min<int64_t>(threads, n));
}

// One product large enough for OpenBLAS to thread it itself is split into
// blocks of C's rows on the runtime's threads instead, OpenBLAS computing
// each block on its calling thread: one pool of threads, the runtime's
// (libomp's), rather than OpenBLAS's own beside them. Measured on the device
// machine's 16 cores (gVisor), where OpenBLAS 0.3.21's threads wake slowly:
// sgemm 1024^2 28 ms on OpenBLAS's 16 threads, 17 ms on one.
template <typename T> void rowsMicrotask(int32_t *, int32_t *, GemmJob<T> *job) {
  const Shape &sh = *job->sh;
  int64_t begin, end;
  if (!threadShare(sh.m, begin, end))
    return;
  Shape part = sh;
  part.m = end - begin;
  Scratch<T> scratch;
  if (!threadScratch(scratch, part, job))
    return;
  char *p[3];
  sh.batchAddress(job->eltSizes, 0, p);
  gemmOne<T>(part, job->accumulate, scratch,
             p[0] + begin * sh.ars * (int64_t)job->eltSizes[0], p[1],
             p[2] + begin * sh.crs * (int64_t)job->eltSizes[2]);
}

// Rows of C per thread at least (a block of fewer rows packs all of B for
// little work).
constexpr int64_t kMinRowsPerThread = 32;

// The threads one product's rows are split over (1: OpenBLAS as it is).
int rowThreads(const Shape &sh) {
  int threads = numThreads();
  if (threads <= 1 || sh.nbatch != 1 || omp_in_parallel())
    return 1;
  double mnk = (double)sh.m * (double)sh.n * (double)sh.k;
  if (mnk <= kSingleThreadedGemm)
    return 1;
  int64_t byRows = sh.m / kMinRowsPerThread;
  int64_t byWork = (int64_t)std::min(mnk / kWorkPerThread, 1e9);
  return (int)std::max<int64_t>(1, std::min<int64_t>(threads, std::min(byRows, byWork)));
}

// `microtask` on `threads` of the runtime's threads (libomp's fork).
template <typename T>
arrayc_rt_status forkGemm(const Shape &sh, bool accumulate, int threads,
                          void (*microtask)(int32_t *, int32_t *, GemmJob<T> *)) {
  GemmJob<T> job{&sh, accumulate, {sizeof(T), sizeof(T), sizeof(T)}};
  int32_t gtid = __kmpc_global_thread_num(&kmpIdent);
  __kmpc_push_num_threads(&kmpIdent, gtid, threads);
  __kmpc_fork_call(&kmpIdent, 1, reinterpret_cast<KmpMicro>(microtask), &job);
  if (job.failed)
    return setError(ARRAYC_RT_ERR_NOMEM, "gemm: cannot allocate a packed matrix");
  return ARRAYC_RT_OK;
}

template <typename T>
arrayc_rt_status blasGemm(const int64_t *plan, int64_t planLen, const Operand (&ops)[3],
                          bool accumulate) {
  Shape sh;
  std::string err;
  const size_t sizes[3] = {sizeof(T), sizeof(T), sizeof(T)};
  if (arrayc_rt_status st = resolve(plan, planLen, ops, sizes, sh, err); st != ARRAYC_RT_OK)
    return setError(st, "%s", err.c_str());
  if (sh.nbatch == 0 || sh.m == 0 || sh.n == 0)
    return ARRAYC_RT_OK;
  if (int threads = batchThreads(sh); threads > 1)
    return forkGemm<T>(sh, accumulate, threads, &batchMicrotask<T>);
  if (int threads = rowThreads(sh); threads > 1) {
    int blasThreads = openblas_get_num_threads();
    openblas_set_num_threads(1);
    arrayc_rt_status st = forkGemm<T>(sh, accumulate, threads, &rowsMicrotask<T>);
    openblas_set_num_threads(blasThreads);
    return st;
  }
  Scratch<T> scratch;
  if (!scratch.allocate(sh, accumulate))
    return setError(ARRAYC_RT_ERR_NOMEM, "gemm: cannot allocate a packed matrix");
  sh.forEachBatch(sizes, [&](char *a, char *b, char *c) {
    gemmOne<T>(sh, accumulate, scratch, a, b, c);
  });
  return ARRAYC_RT_OK;
}

template <typename T>
void gemmEntry(const char *name, int64_t prank, void *pdesc, int64_t arank, void *adesc,
               int64_t brank, void *bdesc, int64_t crank, void *cdesc, int32_t accumulate) {
  MemrefView plan = viewMemref(prank, pdesc, sizeof(int64_t));
  if (prank != 1 || !plan.aligned || plan.strides[0] != 1) {
    std::string msg = std::string(name) + ": bad plan";
    arrayc_rt_fatal("", msg.c_str());
  }
  MemrefView v[3] = {viewMemref(arank, adesc, sizeof(T)), viewMemref(brank, bdesc, sizeof(T)),
                     viewMemref(crank, cdesc, sizeof(T))};
  Operand ops[3];
  for (int o = 0; o < 3; ++o)
    ops[o] = {v[o].rank, v[o].sizes.data(), v[o].strides.data(), v[o].aligned};
  if (blasGemm<T>(reinterpret_cast<const int64_t *>(plan.aligned), plan.sizes[0], ops,
              accumulate != 0) != ARRAYC_RT_OK) {
    std::string msg = std::string(name) + ": " + arrayc_rt_last_error();
    arrayc_rt_fatal("", msg.c_str());
  }
}

} // namespace

extern "C" {

ARRAYC_RT_API arrayc_rt_status arrayc_rt_blas_gemm(
    int32_t dtype, const int64_t *plan, int64_t plan_len, int64_t arank,
    const int64_t *asizes, const int64_t *astrides, const void *a, int64_t brank,
    const int64_t *bsizes, const int64_t *bstrides, const void *b, int64_t crank,
    const int64_t *csizes, const int64_t *cstrides, void *c, int32_t accumulate) {
  numThreads(); // OpenBLAS's thread count set from ARRAYC_NUM_THREADS first
  if (arank < 0 || brank < 0 || crank < 0 || arank > kMaxLoops || brank > kMaxLoops ||
      crank > kMaxLoops)
    return setError(ARRAYC_RT_ERR_INVALID, "gemm: bad rank");
  Operand ops[3] = {{arank, asizes, astrides, (char *)a},
                    {brank, bsizes, bstrides, (char *)b},
                    {crank, csizes, cstrides, (char *)c}};
  switch (dtype) {
  case ARRAYC_RT_F32: return blasGemm<float>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_F64: return blasGemm<double>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_C64: return blasGemm<std::complex<float>>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_C128: return blasGemm<std::complex<double>>(plan, plan_len, ops, accumulate != 0);
  default:
    return setError(ARRAYC_RT_ERR_DTYPE, "gemm: unsupported dtype %s",
                    arrayc_rt_dtype_name(dtype));
  }
}

#define ARRAYC_RT_DEFINE_GEMM(S, T)                                                      \
  ARRAYC_RT_API void arrayc_rt_blas_gemm_##S(int64_t prank, void *pdesc, int64_t arank,  \
                                             void *adesc, int64_t brank, void *bdesc,    \
                                             int64_t crank, void *cdesc,                 \
                                             int32_t accumulate) {                       \
    gemmEntry<T>("arrayc_rt_blas_gemm_" #S, prank, pdesc, arank, adesc, brank, bdesc,    \
                 crank, cdesc, accumulate);                                              \
  }
ARRAYC_RT_DEFINE_GEMM(f32, float)
ARRAYC_RT_DEFINE_GEMM(f64, double)
ARRAYC_RT_DEFINE_GEMM(c64, std::complex<float>)
ARRAYC_RT_DEFINE_GEMM(c128, std::complex<double>)
#undef ARRAYC_RT_DEFINE_GEMM

} // extern "C"
