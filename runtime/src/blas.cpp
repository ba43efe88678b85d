// Matrix products through OpenBLAS (cblas_?gemm), for arrayc-linalg-to-blas.
//
// The compiler passes the three operands as they are (memref descriptors)
// and a plan saying which loop of the contraction indexes which dimension;
// this file turns each batch element into one GEMM call: lda/ldb and the
// transpose flags come from the strides, and a matrix GEMM cannot address
// (no unit stride, negative or overlapping strides) is copied into a packed
// one first, so any layout gives the right answer.
#include "gemm_plan.h"
#include "internal.h"

#include <cblas.h>

#include <climits>
#include <complex>
#include <cstring>
#include <vector>

using namespace arrayc_rt;
using namespace arrayc_rt::gemm;

namespace {

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
  const int64_t m = sh.m, n = sh.n, k = sh.k;
  const int64_t ars = sh.ars, acs = sh.acs, brs = sh.brs, bcs = sh.bcs, crs = sh.crs,
                ccs = sh.ccs;
  const Layout &la = sh.la, &lb = sh.lb, &lc = sh.lc;
  std::vector<T> pa, pb, pc;
  try {
    if (!la.direct) pa.resize((size_t)(m * k));
    if (!lb.direct) pb.resize((size_t)(k * n));
    if (!lc.direct || accumulate) pc.resize((size_t)(m * n));
  } catch (...) {
    return setError(ARRAYC_RT_ERR_NOMEM, "gemm: cannot allocate a packed matrix");
  }

  sh.forEachBatch(sizes, [&](char *pa0, char *pb0, char *pc0) {
    T *p[3] = {reinterpret_cast<T *>(pa0), reinterpret_cast<T *>(pb0),
               reinterpret_cast<T *>(pc0)};
    if (k == 0) {
      if (!accumulate)
        unpack(p[2], std::vector<T>((size_t)(m * n), T(0)).data(), m, n, crs, ccs);
    } else {
      const T *a = p[0], *b = p[1];
      if (!la.direct) {
        pack(pa.data(), p[0], m, k, ars, acs);
        a = pa.data();
      }
      if (!lb.direct) {
        pack(pb.data(), p[1], k, n, brs, bcs);
        b = pb.data();
      }
      // Accumulation goes through a packed product: GEMM's beta = 1 would add
      // in another order than the generic, but also needs C addressable.
      T *c = (lc.direct && !accumulate) ? p[2] : pc.data();
      int ldc = (lc.direct && !accumulate) ? (int)lc.ld : (int)n;
      gemmCall<T>(la.trans, lb.trans, (int)m, (int)n, (int)k, a,
                  la.direct ? (int)la.ld : (int)k, b, lb.direct ? (int)lb.ld : (int)n, c,
                  ldc);
      if (c != p[2]) {
        if (accumulate)
          for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j)
              p[2][i * crs + j * ccs] += pc[(size_t)(i * n + j)];
        else
          unpack(p[2], pc.data(), m, n, crs, ccs);
      }
    }
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
