// Matrix products through OpenBLAS (cblas_?gemm), for arrayc-linalg-to-blas.
//
// The compiler passes the three operands as they are (memref descriptors)
// and a plan saying which loop of the contraction indexes which dimension;
// this file turns each batch element into one GEMM call: lda/ldb and the
// transpose flags come from the strides, and a matrix GEMM cannot address
// (no unit stride, negative or overlapping strides) is copied into a packed
// one first, so any layout gives the right answer.
#include "internal.h"

#include <cblas.h>

#include <climits>
#include <complex>
#include <cstring>
#include <vector>

using namespace arrayc_rt;

namespace {

enum Role : int64_t { Batch = 0, M = 1, N = 2, K = 3 };
constexpr int64_t kMaxLoops = 64;

struct Operand {
  int64_t rank;
  const int64_t *sizes, *strides;
  char *data;
};

// How one operand's matrix (rows x cols, strides rs/cs in elements) is
// handed to GEMM: row-major with leading dimension ld, possibly transposed.
struct Layout {
  bool direct = false; // false: pack into a rows x cols row-major buffer
  bool trans = false;
  int64_t ld = 1;
};

Layout layoutOf(int64_t rows, int64_t cols, int64_t rs, int64_t cs, bool allowTrans) {
  Layout l;
  int64_t minCols = cols > 1 ? cols : 1, minRows = rows > 1 ? rows : 1;
  if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= minCols)) {
    l.direct = true;
    l.ld = rows <= 1 ? minCols : rs;
  } else if (allowTrans && (rows <= 1 || rs == 1) && (cols <= 1 || cs >= minRows)) {
    l.direct = l.trans = true;
    l.ld = cols <= 1 ? minRows : cs;
  }
  if (l.ld > INT_MAX)
    l.direct = false;
  return l;
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

template <typename T>
arrayc_rt_status gemm(const int64_t *plan, int64_t planLen, const Operand (&ops)[3],
                      bool accumulate) {
  if (!plan || planLen < 1 || plan[0] < 0 || plan[0] > kMaxLoops)
    return setError(ARRAYC_RT_ERR_INVALID, "gemm: bad plan");
  const int64_t nloops = plan[0];
  if (planLen != 1 + nloops + ops[0].rank + ops[1].rank + ops[2].rank)
    return setError(ARRAYC_RT_ERR_INVALID, "gemm: plan of %lld entries for %lld loops "
                    "and ranks %lld, %lld, %lld", (long long)planLen, (long long)nloops,
                    (long long)ops[0].rank, (long long)ops[1].rank, (long long)ops[2].rank);
  const int64_t *roles = plan + 1;
  int64_t roleLoop[4] = {-1, -1, -1, -1};
  for (int64_t l = 0; l < nloops; ++l) {
    if (roles[l] < Batch || roles[l] > K)
      return setError(ARRAYC_RT_ERR_INVALID, "gemm: bad role %lld", (long long)roles[l]);
    if (roles[l] != Batch) {
      if (roleLoop[roles[l]] >= 0)
        return setError(ARRAYC_RT_ERR_INVALID, "gemm: two loops with role %lld",
                        (long long)roles[l]);
      roleLoop[roles[l]] = l;
    }
  }
  if (roleLoop[K] < 0)
    return setError(ARRAYC_RT_ERR_INVALID, "gemm: no contracted loop");

  // Loop sizes and each operand's stride along each loop.
  std::vector<int64_t> size(nloops, -1);
  std::vector<int64_t> stride[3];
  std::vector<bool> has[3];
  char *base[3];
  const int64_t *entry = roles + nloops;
  for (int o = 0; o < 3; ++o) {
    const Operand &op = ops[o];
    if (!op.data && op.rank >= 0) {
      int64_t count;
      if (!numElements(op.rank, op.sizes, &count) || count != 0)
        return setError(ARRAYC_RT_ERR_INVALID, "gemm: null operand %d", o);
    }
    stride[o].assign(nloops, 0);
    has[o].assign(nloops, false);
    base[o] = op.data;
    for (int64_t d = 0; d < op.rank; ++d, ++entry) {
      if (op.sizes[d] < 0)
        return setError(ARRAYC_RT_ERR_SHAPE, "gemm: negative size");
      int64_t e = *entry;
      if (e < 0) { // a constant index
        int64_t c = -1 - e;
        if (c >= op.sizes[d])
          return setError(ARRAYC_RT_ERR_SHAPE, "gemm: index %lld out of bounds %lld",
                          (long long)c, (long long)op.sizes[d]);
        base[o] += c * op.strides[d] * (int64_t)sizeof(T);
        continue;
      }
      if (e >= nloops || has[o][e])
        return setError(ARRAYC_RT_ERR_INVALID, "gemm: bad loop %lld in the plan",
                        (long long)e);
      if (size[e] >= 0 && size[e] != op.sizes[d])
        return setError(ARRAYC_RT_ERR_SHAPE, "gemm: loop %lld has sizes %lld and %lld",
                        (long long)e, (long long)size[e], (long long)op.sizes[d]);
      size[e] = op.sizes[d];
      has[o][e] = true;
      stride[o][e] = op.strides[d];
    }
  }
  for (int64_t l = 0; l < nloops; ++l) {
    bool a = has[0][l], b = has[1][l], c = has[2][l];
    bool ok = roles[l] == K   ? a && b && !c
              : roles[l] == M ? a && !b && c
              : roles[l] == N ? !a && b && c
                              : c;
    if (!ok)
      return setError(ARRAYC_RT_ERR_INVALID, "gemm: loop %lld is not indexed as its role "
                      "needs", (long long)l);
  }
  auto sizeOf = [&](Role r) { return roleLoop[r] < 0 ? 1 : size[roleLoop[r]]; };
  auto strideOf = [&](int o, Role r) { return roleLoop[r] < 0 ? 0 : stride[o][roleLoop[r]]; };
  const int64_t m = sizeOf(M), n = sizeOf(N), k = sizeOf(K);
  std::vector<int64_t> batch;
  int64_t nbatch = 1;
  for (int64_t l = 0; l < nloops; ++l)
    if (roles[l] == Batch) {
      batch.push_back(l);
      if (size[l] != 0 && nbatch > INT64_MAX / size[l])
        return setError(ARRAYC_RT_ERR_NOMEM, "gemm: batch too large");
      nbatch *= size[l];
    }
  if (nbatch == 0 || m == 0 || n == 0)
    return ARRAYC_RT_OK;
  if (m > INT_MAX || n > INT_MAX || k > INT_MAX)
    return setError(ARRAYC_RT_ERR_SHAPE, "gemm: a dimension exceeds the BLAS int range");

  const int64_t ars = strideOf(0, M), acs = strideOf(0, K);
  const int64_t brs = strideOf(1, K), bcs = strideOf(1, N);
  const int64_t crs = strideOf(2, M), ccs = strideOf(2, N);
  Layout la = layoutOf(m, k, ars, acs, true), lb = layoutOf(k, n, brs, bcs, true);
  Layout lc = layoutOf(m, n, crs, ccs, false);
  std::vector<T> pa, pb, pc;
  try {
    if (!la.direct) pa.resize((size_t)(m * k));
    if (!lb.direct) pb.resize((size_t)(k * n));
    if (!lc.direct || accumulate) pc.resize((size_t)(m * n));
  } catch (...) {
    return setError(ARRAYC_RT_ERR_NOMEM, "gemm: cannot allocate a packed matrix");
  }

  std::vector<int64_t> idx(batch.size(), 0);
  for (int64_t it = 0; it < nbatch; ++it) {
    T *p[3];
    for (int o = 0; o < 3; ++o) {
      char *q = base[o];
      for (size_t j = 0; j < batch.size(); ++j)
        q += idx[j] * stride[o][batch[j]] * (int64_t)sizeof(T);
      p[o] = reinterpret_cast<T *>(q);
    }
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
    for (int64_t j = (int64_t)batch.size() - 1; j >= 0; --j) {
      if (++idx[j] < size[batch[j]])
        break;
      idx[j] = 0;
    }
  }
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
  if (gemm<T>(reinterpret_cast<const int64_t *>(plan.aligned), plan.sizes[0], ops,
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
  if (arank < 0 || brank < 0 || crank < 0 || arank > kMaxLoops || brank > kMaxLoops ||
      crank > kMaxLoops)
    return setError(ARRAYC_RT_ERR_INVALID, "gemm: bad rank");
  Operand ops[3] = {{arank, asizes, astrides, (char *)a},
                    {brank, bsizes, bstrides, (char *)b},
                    {crank, csizes, cstrides, (char *)c}};
  switch (dtype) {
  case ARRAYC_RT_F32: return gemm<float>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_F64: return gemm<double>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_C64: return gemm<std::complex<float>>(plan, plan_len, ops, accumulate != 0);
  case ARRAYC_RT_C128: return gemm<std::complex<double>>(plan, plan_len, ops, accumulate != 0);
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
