// numpy.linalg on the CPU through LAPACKE (the entry points
// arrayc_rt_linalg_<op>_<T> that convert-ndarray-to-runtime calls).
//
// Every operand is a stack of matrices (..., M, N) given as a strided memref;
// each matrix is copied into contiguous column-major scratch, factored by
// LAPACK, and the results are copied out through the output's strides. Device
// buffers (the cuda target) are staged through the host with HostStage, so
// the same code serves both targets until cuSOLVER lands.
//
// The work is done by status-returning functions (message in
// arrayc_rt_last_error()); the entry points turn a failure into
// "arrayc: error: <loc>: linalg.<op>: <message>" and exit(1), as NumPy's
// LinAlgError.
#include "internal.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <type_traits>
#include <complex>
#include <string>
#include <vector>

#define lapack_complex_float std::complex<float>
#define lapack_complex_double std::complex<double>
#include <lapacke.h>

using namespace arrayc_rt;

namespace {

template <class T> struct RealOf { using type = T; };
template <class T> struct RealOf<std::complex<T>> { using type = T; };
template <class T> using Real = typename RealOf<T>::type;

// The LAPACK routines of one element type, column-major. The complex types
// use the Hermitian routines (ungqr, heevd) where the real ones are
// orthogonal/symmetric (orgqr, syevd).
template <class T> struct Lapack;
#define ARRAYC_RT_LAPACK(T, R, p, orgqr, heevd)                                            \
  template <> struct Lapack<T> {                                                           \
    static lapack_int getrf(lapack_int m, lapack_int n, T *a, lapack_int lda,              \
                            lapack_int *ipiv) {                                            \
      return LAPACKE_##p##getrf(LAPACK_COL_MAJOR, m, n, a, lda, ipiv);                     \
    }                                                                                      \
    static lapack_int getri(lapack_int n, T *a, lapack_int lda, const lapack_int *ipiv) { \
      return LAPACKE_##p##getri(LAPACK_COL_MAJOR, n, a, lda, ipiv);                        \
    }                                                                                      \
    static lapack_int gesv(lapack_int n, lapack_int nrhs, T *a, lapack_int lda,            \
                           lapack_int *ipiv, T *b, lapack_int ldb) {                       \
      return LAPACKE_##p##gesv(LAPACK_COL_MAJOR, n, nrhs, a, lda, ipiv, b, ldb);           \
    }                                                                                      \
    static lapack_int potrf(char uplo, lapack_int n, T *a, lapack_int lda) {               \
      return LAPACKE_##p##potrf(LAPACK_COL_MAJOR, uplo, n, a, lda);                        \
    }                                                                                      \
    static lapack_int geqrf(lapack_int m, lapack_int n, T *a, lapack_int lda, T *tau) {    \
      return LAPACKE_##p##geqrf(LAPACK_COL_MAJOR, m, n, a, lda, tau);                      \
    }                                                                                      \
    static lapack_int orgqr_(lapack_int m, lapack_int n, lapack_int k, T *a,               \
                             lapack_int lda, const T *tau) {                               \
      return LAPACKE_##p##orgqr(LAPACK_COL_MAJOR, m, n, k, a, lda, tau);                   \
    }                                                                                      \
    static lapack_int gesdd(char jobz, lapack_int m, lapack_int n, T *a, lapack_int lda,   \
                            R *s, T *u, lapack_int ldu, T *vt, lapack_int ldvt) {          \
      return LAPACKE_##p##gesdd(LAPACK_COL_MAJOR, jobz, m, n, a, lda, s, u, ldu, vt,       \
                                ldvt);                                                     \
    }                                                                                      \
    static lapack_int heevd_(char uplo, lapack_int n, T *a, lapack_int lda, R *w) {        \
      return LAPACKE_##p##heevd(LAPACK_COL_MAJOR, 'V', uplo, n, a, lda, w);                \
    }                                                                                      \
    static lapack_int gelsd(lapack_int m, lapack_int n, lapack_int nrhs, T *a,             \
                            lapack_int lda, T *b, lapack_int ldb, R *s, R rcond,           \
                            lapack_int *rank) {                                            \
      return LAPACKE_##p##gelsd(LAPACK_COL_MAJOR, m, n, nrhs, a, lda, b, ldb, s, rcond,    \
                                rank);                                                     \
    }                                                                                      \
  };
ARRAYC_RT_LAPACK(float, float, s, orgqr, syevd)
ARRAYC_RT_LAPACK(double, double, d, orgqr, syevd)
ARRAYC_RT_LAPACK(std::complex<float>, float, c, ungqr, heevd)
ARRAYC_RT_LAPACK(std::complex<double>, double, z, ungqr, heevd)
#undef ARRAYC_RT_LAPACK

// geev (right eigenvectors only, or none when v is null) into complex w and
// column-major v: the real routines give conjugate pairs as (re, im) columns.
template <class R>
lapack_int geev(lapack_int n, R *a, std::complex<R> *w, std::complex<R> *v) {
  std::vector<R> wr((size_t)n), wi((size_t)n), vr(v ? (size_t)(n * n) : 1);
  lapack_int info;
  if constexpr (std::is_same_v<R, float>)
    info = LAPACKE_sgeev(LAPACK_COL_MAJOR, 'N', v ? 'V' : 'N', n, a, n, wr.data(), wi.data(),
                         nullptr, 1, vr.data(), v ? n : 1);
  else
    info = LAPACKE_dgeev(LAPACK_COL_MAJOR, 'N', v ? 'V' : 'N', n, a, n, wr.data(), wi.data(),
                         nullptr, 1, vr.data(), v ? n : 1);
  if (info != 0)
    return info;
  for (lapack_int j = 0; j < n; ++j)
    w[j] = {wr[j], wi[j]};
  if (!v)
    return 0;
  for (lapack_int j = 0; j < n; ++j) {
    bool pair = wi[j] != 0 && j + 1 < n;
    for (lapack_int i = 0; i < n; ++i) {
      R re = vr[i + j * n], im = pair ? vr[i + (j + 1) * n] : R(0);
      v[i + j * n] = {re, im};
      if (pair)
        v[i + (j + 1) * n] = {re, -im};
    }
    j += pair;
  }
  return 0;
}
template <class R>
lapack_int geev(lapack_int n, std::complex<R> *a, std::complex<R> *w, std::complex<R> *v) {
  if constexpr (std::is_same_v<R, float>)
    return LAPACKE_cgeev(LAPACK_COL_MAJOR, 'N', v ? 'V' : 'N', n, a, n, w, nullptr, 1, v,
                         v ? n : 1);
  else
    return LAPACKE_zgeev(LAPACK_COL_MAJOR, 'N', v ? 'V' : 'N', n, a, n, w, nullptr, 1, v,
                         v ? n : 1);
}

// One memref argument: a stack of `core`-dimensional items (2: matrices,
// 1: vectors, 0: scalars) over the leading batch dimensions, in host memory.
template <class E> class Stack {
public:
  arrayc_rt_status init(int64_t rank, void *desc, int core, bool input) {
    view_ = viewMemref(rank, desc, sizeof(E));
    if (view_.rank < core)
      return setError(ARRAYC_RT_ERR_SHAPE, "expected an array of rank >= %d, got rank %lld",
                      core, (long long)view_.rank);
    core_ = core;
    nb_ = view_.rank - core;
    if (!numElements(nb_, view_.sizes.data(), &batch_))
      return setError(ARRAYC_RT_ERR_INVALID, "invalid array shape");
    if (!view_.aligned)
      return ARRAYC_RT_OK;
    arrayc_rt_status st = stage_.init(view_.aligned, view_.rank, view_.sizes.data(),
                                      view_.strides.data(), sizeof(E), input);
    base_ = reinterpret_cast<E *>(stage_.hostBase());
    return st;
  }
  int64_t batch() const { return batch_; }
  int64_t dim(int k) const { return view_.sizes[nb_ + k]; } // k-th core dim
  int64_t batchDim(int64_t d) const { return view_.sizes[d]; }
  int64_t batchRank() const { return nb_; }
  // Element (0, 0) of item b.
  E *item(int64_t b) {
    int64_t off = 0;
    for (int64_t d = nb_ - 1; d >= 0; --d) {
      off += (b % view_.sizes[d]) * view_.strides[d];
      b /= view_.sizes[d];
    }
    return base_ + off;
  }
  int64_t rowStride() const { return core_ >= 1 ? view_.strides[nb_] : 0; }
  int64_t colStride() const { return core_ >= 2 ? view_.strides[nb_ + 1] : 0; }
  // Element (i, j) of item b (i, j unused beyond the core rank).
  E &at(int64_t b, int64_t i = 0, int64_t j = 0) {
    return item(b)[i * rowStride() + j * colStride()];
  }
  // Item b as a rows x cols column-major matrix (leading dimension ld).
  void gather(int64_t b, int64_t rows, int64_t cols, E *dst, int64_t ld) {
    E *p = item(b);
    for (int64_t j = 0; j < cols; ++j)
      for (int64_t i = 0; i < rows; ++i)
        dst[i + j * ld] = p[i * rowStride() + j * colStride()];
  }
  void scatter(int64_t b, int64_t rows, int64_t cols, const E *src, int64_t ld) {
    E *p = item(b);
    for (int64_t j = 0; j < cols; ++j)
      for (int64_t i = 0; i < rows; ++i)
        p[i * rowStride() + j * colStride()] = src[i + j * ld];
  }
  std::string shape() const {
    std::string s = "(";
    for (int64_t d = 0; d < view_.rank; ++d)
      s += (d ? ", " : "") + std::to_string(view_.sizes[d]);
    return s + (view_.rank == 1 ? ",)" : ")");
  }
  arrayc_rt_status finish() { return stage_.writeBack(); }

private:
  MemrefView view_;
  HostStage stage_;
  E *base_ = nullptr;
  int core_ = 0;
  int64_t nb_ = 0, batch_ = 0;
};

// The checks every op makes before computing.
template <class E> arrayc_rt_status checkSquare(Stack<E> &a) {
  if (a.dim(0) != a.dim(1))
    return setError(ARRAYC_RT_ERR_SHAPE,
                    "Last 2 dimensions of the array must be square, got shape %s",
                    a.shape().c_str());
  return ARRAYC_RT_OK;
}

// `out` holds `in`'s batch dimensions followed by `tail` (the compiled code
// allocates outputs from the input's dims; this catches a dynamic mismatch
// the compiler could not see).
template <class E, class F>
arrayc_rt_status checkOut(Stack<E> &in, Stack<F> &out, std::initializer_list<int64_t> tail,
                          const char *what) {
  bool ok = out.batchRank() == in.batchRank();
  for (int64_t d = 0; ok && d < in.batchRank(); ++d)
    ok = out.batchDim(d) == in.batchDim(d);
  int k = 0;
  for (int64_t t : tail)
    ok = ok && out.dim(k++) == t;
  if (!ok)
    return setError(ARRAYC_RT_ERR_SHAPE, "%s has shape %s, which does not fit input %s", what,
                    out.shape().c_str(), in.shape().c_str());
  return ARRAYC_RT_OK;
}

arrayc_rt_status checkLapackSize(int64_t m, int64_t n) {
  if (m > INT_MAX || n > INT_MAX || m * n > (int64_t)INT_MAX * 64)
    return setError(ARRAYC_RT_ERR_INVALID, "a %lld x %lld matrix is too large for LAPACK",
                    (long long)m, (long long)n);
  return ARRAYC_RT_OK;
}

arrayc_rt_status lapackFailed(const char *routine, lapack_int info) {
  return setError(ARRAYC_RT_ERR_INVALID, "LAPACK %s failed (info %d)", routine, (int)info);
}

lapack_int ld(int64_t n) { return (lapack_int)std::max<int64_t>(1, n); }

template <class T> arrayc_rt_status det(Stack<T> &a, Stack<T> &out) {
  ARRAYC_RT_TRY(checkSquare(a));
  ARRAYC_RT_TRY(checkOut(a, out, {}, "the result"));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  std::vector<T> s((size_t)(m * m));
  std::vector<lapack_int> ipiv((size_t)m);
  for (int64_t b = 0; b < a.batch(); ++b) {
    T d = T(1);
    if (m > 0) {
      a.gather(b, m, m, s.data(), m);
      lapack_int info = Lapack<T>::getrf(m, m, s.data(), ld(m), ipiv.data());
      if (info < 0)
        return lapackFailed("getrf", info);
      // info > 0: U has an exact zero on its diagonal and the product is 0.
      for (int64_t i = 0; i < m; ++i)
        d *= ipiv[i] != i + 1 ? -s[i + i * m] : s[i + i * m];
    }
    out.at(b) = d;
  }
  return ARRAYC_RT_OK;
}

template <class T> arrayc_rt_status inv(Stack<T> &a, Stack<T> &out) {
  ARRAYC_RT_TRY(checkSquare(a));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkOut(a, out, {m, m}, "the result"));
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  if (m == 0)
    return ARRAYC_RT_OK;
  std::vector<T> s((size_t)(m * m));
  std::vector<lapack_int> ipiv((size_t)m);
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, m, s.data(), m);
    lapack_int info = Lapack<T>::getrf(m, m, s.data(), m, ipiv.data());
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Singular matrix");
    if (info == 0)
      info = Lapack<T>::getri(m, s.data(), m, ipiv.data());
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Singular matrix");
    if (info < 0)
      return lapackFailed("getrf/getri", info);
    out.scatter(b, m, m, s.data(), m);
  }
  return ARRAYC_RT_OK;
}

template <class T> arrayc_rt_status solve(Stack<T> &a, Stack<T> &bs, Stack<T> &out,
                                          bool vector) {
  ARRAYC_RT_TRY(checkSquare(a));
  int64_t m = a.dim(0), k = vector ? 1 : bs.dim(1);
  bool ok = bs.dim(0) == m && bs.batchRank() == a.batchRank();
  for (int64_t d = 0; ok && d < a.batchRank(); ++d)
    ok = bs.batchDim(d) == a.batchDim(d);
  if (!ok)
    return setError(ARRAYC_RT_ERR_SHAPE, "a of shape %s and b of shape %s do not match",
                    a.shape().c_str(), bs.shape().c_str());
  if (vector)
    ARRAYC_RT_TRY(checkOut(a, out, {m}, "the result"));
  else
    ARRAYC_RT_TRY(checkOut(a, out, {m, k}, "the result"));
  ARRAYC_RT_TRY(checkLapackSize(m, std::max(m, k)));
  if (m == 0 || k == 0)
    return ARRAYC_RT_OK;
  std::vector<T> s((size_t)(m * m)), x((size_t)(m * k));
  std::vector<lapack_int> ipiv((size_t)m);
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, m, s.data(), m);
    bs.gather(b, m, k, x.data(), m); // a vector's j is unused (k == 1)
    lapack_int info = Lapack<T>::gesv(m, k, s.data(), m, ipiv.data(), x.data(), m);
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Singular matrix");
    if (info < 0)
      return lapackFailed("gesv", info);
    out.scatter(b, m, k, x.data(), m);
  }
  return ARRAYC_RT_OK;
}

template <class T> arrayc_rt_status cholesky(Stack<T> &a, Stack<T> &out, bool upper) {
  ARRAYC_RT_TRY(checkSquare(a));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkOut(a, out, {m, m}, "the result"));
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  if (m == 0)
    return ARRAYC_RT_OK;
  std::vector<T> s((size_t)(m * m));
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, m, s.data(), m);
    lapack_int info = Lapack<T>::potrf(upper ? 'U' : 'L', m, s.data(), m);
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Matrix is not positive definite");
    if (info < 0)
      return lapackFailed("potrf", info);
    for (int64_t j = 0; j < m; ++j)
      for (int64_t i = 0; i < m; ++i)
        if (upper ? i > j : i < j)
          s[i + j * m] = T(0);
    out.scatter(b, m, m, s.data(), m);
  }
  return ARRAYC_RT_OK;
}

// An identity of rows x cols (column-major, leading dimension rows).
template <class T> void identity(std::vector<T> &v, int64_t rows, int64_t cols) {
  v.assign((size_t)(rows * cols), T(0));
  for (int64_t i = 0; i < std::min(rows, cols); ++i)
    v[i + i * rows] = T(1);
}

template <class T> arrayc_rt_status qr(Stack<T> &a, Stack<T> &q, Stack<T> &r, bool complete) {
  int64_t m = a.dim(0), n = a.dim(1), k = std::min(m, n);
  int64_t qc = complete ? m : k, rr = complete ? m : k;
  ARRAYC_RT_TRY(checkOut(a, q, {m, qc}, "q"));
  ARRAYC_RT_TRY(checkOut(a, r, {rr, n}, "r"));
  ARRAYC_RT_TRY(checkLapackSize(m, std::max(m, n)));
  std::vector<T> s((size_t)(m * n)), qs, tau((size_t)std::max<int64_t>(1, k));
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, n, s.data(), m);
    if (k > 0) {
      lapack_int info = Lapack<T>::geqrf(m, n, s.data(), ld(m), tau.data());
      if (info < 0)
        return lapackFailed("geqrf", info);
    }
    // q: the first k reflectors expanded to m x qc (k == 0: the identity).
    identity(qs, m, qc);
    for (int64_t j = 0; j < k; ++j)
      for (int64_t i = 0; i < m; ++i)
        qs[i + j * m] = s[i + j * m];
    if (k > 0) {
      lapack_int info = Lapack<T>::orgqr_(m, qc, k, qs.data(), ld(m), tau.data());
      if (info < 0)
        return lapackFailed("orgqr/ungqr", info);
    }
    q.scatter(b, m, qc, qs.data(), m);
    for (int64_t j = 0; j < n; ++j)
      for (int64_t i = 0; i < rr; ++i)
        r.at(b, i, j) = i <= j ? s[i + j * m] : T(0);
  }
  return ARRAYC_RT_OK;
}

// svd (u and vh given) or svdvals (both null).
template <class T> arrayc_rt_status svd(Stack<T> &a, Stack<T> *u, Stack<Real<T>> &s,
                                        Stack<T> *vh, bool full) {
  int64_t m = a.dim(0), n = a.dim(1), k = std::min(m, n);
  int64_t uc = full ? m : k, vr = full ? n : k;
  ARRAYC_RT_TRY(checkOut(a, s, {k}, "s"));
  if (u) {
    ARRAYC_RT_TRY(checkOut(a, *u, {m, uc}, "u"));
    ARRAYC_RT_TRY(checkOut(a, *vh, {vr, n}, "vh"));
  }
  ARRAYC_RT_TRY(checkLapackSize(m, std::max(m, n)));
  std::vector<T> w((size_t)(m * n)), us, vs;
  std::vector<Real<T>> sv((size_t)std::max<int64_t>(1, k));
  for (int64_t b = 0; b < a.batch(); ++b) {
    if (k == 0) { // nothing to factor: s is empty, u and vh identities
      identity(us, m, uc);
      identity(vs, vr, n);
    } else {
      a.gather(b, m, n, w.data(), m);
      us.assign(u ? (size_t)(m * uc) : 1, T(0));
      vs.assign(u ? (size_t)(vr * n) : 1, T(0));
      lapack_int info = Lapack<T>::gesdd(u ? (full ? 'A' : 'S') : 'N', m, n, w.data(), ld(m),
                                         sv.data(), us.data(), ld(m), vs.data(), ld(vr));
      if (info > 0)
        return setError(ARRAYC_RT_ERR_INVALID, "SVD did not converge");
      if (info < 0)
        return lapackFailed("gesdd", info);
      for (int64_t i = 0; i < k; ++i)
        s.at(b, i) = sv[i];
    }
    if (u) {
      u->scatter(b, m, uc, us.data(), m);
      vh->scatter(b, vr, n, vs.data(), vr);
    }
  }
  return ARRAYC_RT_OK;
}

template <class T> arrayc_rt_status eigh(Stack<T> &a, Stack<Real<T>> &w, Stack<T> &v,
                                         bool upper) {
  ARRAYC_RT_TRY(checkSquare(a));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkOut(a, w, {m}, "w"));
  ARRAYC_RT_TRY(checkOut(a, v, {m, m}, "v"));
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  if (m == 0)
    return ARRAYC_RT_OK;
  std::vector<T> s((size_t)(m * m));
  std::vector<Real<T>> ev((size_t)m);
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, m, s.data(), m);
    lapack_int info = Lapack<T>::heevd_(upper ? 'U' : 'L', m, s.data(), m, ev.data());
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Eigenvalues did not converge");
    if (info < 0)
      return lapackFailed("syevd/heevd", info);
    for (int64_t i = 0; i < m; ++i)
      w.at(b, i) = ev[i];
    v.scatter(b, m, m, s.data(), m);
  }
  return ARRAYC_RT_OK;
}

template <class T> Real<T> absOf(T v) { return std::abs(v); }

template <class T>
arrayc_rt_status slogdet(Stack<T> &a, Stack<T> &sign, Stack<Real<T>> &logabs) {
  ARRAYC_RT_TRY(checkSquare(a));
  ARRAYC_RT_TRY(checkOut(a, sign, {}, "sign"));
  ARRAYC_RT_TRY(checkOut(a, logabs, {}, "logabsdet"));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  std::vector<T> s((size_t)std::max<int64_t>(1, m * m));
  std::vector<lapack_int> ipiv((size_t)std::max<int64_t>(1, m));
  for (int64_t b = 0; b < a.batch(); ++b) {
    T sg = T(1);
    Real<T> la = 0;
    if (m > 0) {
      a.gather(b, m, m, s.data(), m);
      lapack_int info = Lapack<T>::getrf(m, m, s.data(), ld(m), ipiv.data());
      if (info < 0)
        return lapackFailed("getrf", info);
      for (int64_t i = 0; i < m; ++i) {
        T d = s[i + i * m];
        Real<T> ad = absOf(d);
        // A zero pivot (info > 0): NumPy's sign 0 and log|det| -inf.
        sg *= (ipiv[i] != i + 1 ? T(-1) : T(1)) * (ad == 0 ? T(0) : d / ad);
        la += std::log(ad);
      }
    }
    sign.at(b) = sg;
    logabs.at(b) = la;
  }
  return ARRAYC_RT_OK;
}

// rcond None (useDefault): eps * max(M, N), as NumPy.
template <class T>
arrayc_rt_status lstsq(Stack<T> &a, Stack<T> &bs, Stack<T> &x, Stack<Real<T>> &res,
                       Stack<int32_t> &rank, Stack<Real<T>> &s, bool vector,
                       bool useDefault, double rcond) {
  int64_t m = a.dim(0), n = a.dim(1), k = vector ? 1 : bs.dim(1), mn = std::max(m, n);
  if (bs.dim(0) != m)
    return setError(ARRAYC_RT_ERR_SHAPE, "Incompatible dimensions: a of shape %s, b of shape %s",
                    a.shape().c_str(), bs.shape().c_str());
  if (vector)
    ARRAYC_RT_TRY(checkOut(a, x, {n}, "x"));
  else
    ARRAYC_RT_TRY(checkOut(a, x, {n, k}, "x"));
  ARRAYC_RT_TRY(checkOut(a, s, {std::min(m, n)}, "s"));
  ARRAYC_RT_TRY(checkLapackSize(mn, std::max(mn, k)));
  if (useDefault)
    rcond = std::numeric_limits<Real<T>>::epsilon() * (double)mn;
  std::vector<T> w((size_t)std::max<int64_t>(1, m * n)), y((size_t)std::max<int64_t>(1, mn * k));
  std::vector<Real<T>> sv((size_t)std::max<int64_t>(1, std::min(m, n)));
  lapack_int r = 0;
  if (m > 0 && n > 0 && k > 0) {
    a.gather(0, m, n, w.data(), m);
    std::fill(y.begin(), y.end(), T(0));
    bs.gather(0, m, k, y.data(), mn);
    lapack_int info =
        Lapack<T>::gelsd(m, n, k, w.data(), ld(m), y.data(), ld(mn), sv.data(), rcond, &r);
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "SVD did not converge in Linear Least Squares");
    if (info < 0)
      return lapackFailed("gelsd", info);
  } else {
    std::fill(y.begin(), y.end(), T(0)); // an empty system: x is 0 (NumPy)
  }
  x.scatter(0, n, k, y.data(), mn);
  for (int64_t i = 0; i < std::min(m, n); ++i)
    s.at(0, i) = sv[i];
  rank.at(0) = r;
  // The compiled code keeps the residuals only when rank == N (its buffer
  // has K entries when M > N, else none).
  for (int64_t j = 0; j < res.dim(0); ++j) {
    Real<T> sum = 0;
    for (int64_t i = n; i < m; ++i)
      sum += absOf(y[i + j * mn]) * absOf(y[i + j * mn]);
    res.at(0, j) = sum;
  }
  return ARRAYC_RT_OK;
}

// eig (v given) or eigvals (v null).
template <class T>
arrayc_rt_status eig(Stack<T> &a, Stack<std::complex<Real<T>>> &w,
                     Stack<std::complex<Real<T>>> *v) {
  ARRAYC_RT_TRY(checkSquare(a));
  int64_t m = a.dim(0);
  ARRAYC_RT_TRY(checkOut(a, w, {m}, "w"));
  if (v)
    ARRAYC_RT_TRY(checkOut(a, *v, {m, m}, "v"));
  ARRAYC_RT_TRY(checkLapackSize(m, m));
  if (m == 0)
    return ARRAYC_RT_OK;
  std::vector<T> s((size_t)(m * m));
  std::vector<std::complex<Real<T>>> ev((size_t)m), vs(v ? (size_t)(m * m) : 0);
  for (int64_t b = 0; b < a.batch(); ++b) {
    a.gather(b, m, m, s.data(), m);
    lapack_int info = geev(m, s.data(), ev.data(), v ? vs.data() : nullptr);
    if (info > 0)
      return setError(ARRAYC_RT_ERR_INVALID, "Eigenvalues did not converge");
    if (info < 0)
      return lapackFailed("geev", info);
    for (int64_t i = 0; i < m; ++i)
      w.at(b, i) = ev[i];
    if (v)
      v->scatter(b, m, m, vs.data(), m);
  }
  return ARRAYC_RT_OK;
}

// A memref argument of the entry points.
struct Arg {
  int64_t rank;
  void *desc;
};

// Stages the inputs, runs `body` and writes the outputs back; on failure
// reports "linalg.<op>: <message>" at `loc` and exits.
template <class Body>
void run(const char *op, int64_t lrank, void *ldesc, Body body) {
  // LAPACKE's NaN scan would reject NaN inputs (NumPy computes with them).
  static const bool noNanCheck = (LAPACKE_set_nancheck(0), true);
  (void)noNanCheck;
  if (body() == ARRAYC_RT_OK)
    return;
  std::string msg = std::string("linalg.") + op + ": " + arrayc_rt_last_error();
  arrayc_rt_fatal(memrefString(lrank, ldesc).c_str(), msg.c_str());
}

// Builds Stack<E> from an Arg (input: read from the device when staged).
template <class E> arrayc_rt_status open(Stack<E> &s, Arg a, int core, bool input) {
  return s.init(a.rank, a.desc, core, input);
}

template <class T> arrayc_rt_status detEntry(Arg a, Arg o) {
  Stack<T> sa, so;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(so, o, 0, false));
  ARRAYC_RT_TRY(det(sa, so));
  return so.finish();
}
template <class T> arrayc_rt_status invEntry(Arg a, Arg o) {
  Stack<T> sa, so;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(so, o, 2, false));
  ARRAYC_RT_TRY(inv(sa, so));
  return so.finish();
}
template <class T> arrayc_rt_status choleskyEntry(Arg a, Arg o, bool upper) {
  Stack<T> sa, so;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(so, o, 2, false));
  ARRAYC_RT_TRY(cholesky(sa, so, upper));
  return so.finish();
}
template <class T> arrayc_rt_status solveEntry(Arg a, Arg b, Arg o) {
  bool vector = b.rank == a.rank - 1;
  Stack<T> sa, sb, so;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(sb, b, vector ? 1 : 2, true));
  ARRAYC_RT_TRY(open(so, o, vector ? 1 : 2, false));
  ARRAYC_RT_TRY(solve(sa, sb, so, vector));
  return so.finish();
}
template <class T> arrayc_rt_status qrEntry(Arg a, Arg q, Arg r, bool complete) {
  Stack<T> sa, sq, sr;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(sq, q, 2, false));
  ARRAYC_RT_TRY(open(sr, r, 2, false));
  ARRAYC_RT_TRY(qr(sa, sq, sr, complete));
  ARRAYC_RT_TRY(sq.finish());
  return sr.finish();
}
template <class T> arrayc_rt_status svdEntry(Arg a, Arg u, Arg s, Arg vh, bool full) {
  Stack<T> sa, su, svh;
  Stack<Real<T>> ss;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(su, u, 2, false));
  ARRAYC_RT_TRY(open(ss, s, 1, false));
  ARRAYC_RT_TRY(open(svh, vh, 2, false));
  ARRAYC_RT_TRY(svd(sa, &su, ss, &svh, full));
  ARRAYC_RT_TRY(su.finish());
  ARRAYC_RT_TRY(ss.finish());
  return svh.finish();
}
template <class T> arrayc_rt_status svdvalsEntry(Arg a, Arg s) {
  Stack<T> sa;
  Stack<Real<T>> ss;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(ss, s, 1, false));
  ARRAYC_RT_TRY(svd<T>(sa, nullptr, ss, nullptr, false));
  return ss.finish();
}
template <class T> arrayc_rt_status eighEntry(Arg a, Arg w, Arg v, bool upper) {
  Stack<T> sa, sv;
  Stack<Real<T>> sw;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(sw, w, 1, false));
  ARRAYC_RT_TRY(open(sv, v, 2, false));
  ARRAYC_RT_TRY(eigh(sa, sw, sv, upper));
  ARRAYC_RT_TRY(sw.finish());
  return sv.finish();
}

template <class T> arrayc_rt_status slogdetEntry(Arg a, Arg sign, Arg logabs) {
  Stack<T> sa, ss;
  Stack<Real<T>> sl;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(ss, sign, 0, false));
  ARRAYC_RT_TRY(open(sl, logabs, 0, false));
  ARRAYC_RT_TRY(slogdet(sa, ss, sl));
  ARRAYC_RT_TRY(ss.finish());
  return sl.finish();
}
template <class T>
arrayc_rt_status lstsqEntry(Arg a, Arg b, Arg x, Arg res, Arg rank, Arg s, bool useDefault,
                            double rcond) {
  bool vector = b.rank == 1;
  Stack<T> sa, sb, sx;
  Stack<Real<T>> sres, ss;
  Stack<int32_t> sr;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(sb, b, vector ? 1 : 2, true));
  ARRAYC_RT_TRY(open(sx, x, vector ? 1 : 2, false));
  ARRAYC_RT_TRY(open(sres, res, 1, false));
  ARRAYC_RT_TRY(open(sr, rank, 0, false));
  ARRAYC_RT_TRY(open(ss, s, 1, false));
  ARRAYC_RT_TRY(lstsq(sa, sb, sx, sres, sr, ss, vector, useDefault, rcond));
  ARRAYC_RT_TRY(sx.finish());
  ARRAYC_RT_TRY(sres.finish());
  ARRAYC_RT_TRY(sr.finish());
  return ss.finish();
}
template <class T> arrayc_rt_status eigEntry(Arg a, Arg w, Arg *v) {
  Stack<T> sa;
  Stack<std::complex<Real<T>>> sw, sv;
  ARRAYC_RT_TRY(open(sa, a, 2, true));
  ARRAYC_RT_TRY(open(sw, w, 1, false));
  if (v)
    ARRAYC_RT_TRY(open(sv, *v, 2, false));
  ARRAYC_RT_TRY(eig(sa, sw, v ? &sv : nullptr));
  ARRAYC_RT_TRY(sw.finish());
  return v ? sv.finish() : ARRAYC_RT_OK;
}

} // namespace

#define M(x) int64_t x##r, void *x##d
#define A(x) Arg{x##r, x##d}
#define ARRAYC_RT_DEFINE_LINALG(S, T)                                                      \
  void arrayc_rt_linalg_det_##S(M(a), M(res), M(loc)) {                                        \
    run("det", locr, locd, [&] { return detEntry<T>(A(a), A(res)); });                           \
  }                                                                                        \
  void arrayc_rt_linalg_inv_##S(M(a), M(res), M(loc)) {                                        \
    run("inv", locr, locd, [&] { return invEntry<T>(A(a), A(res)); });                           \
  }                                                                                        \
  void arrayc_rt_linalg_cholesky_##S(M(a), M(res), int32_t upper, M(loc)) {                    \
    run("cholesky", locr, locd, [&] { return choleskyEntry<T>(A(a), A(res), upper != 0); });     \
  }                                                                                        \
  void arrayc_rt_linalg_solve_##S(M(a), M(b), M(res), M(loc)) {                                \
    run("solve", locr, locd, [&] { return solveEntry<T>(A(a), A(b), A(res)); });                 \
  }                                                                                        \
  void arrayc_rt_linalg_qr_##S(M(a), M(q), M(r), int32_t complete, M(loc)) {                 \
    run("qr", locr, locd, [&] { return qrEntry<T>(A(a), A(q), A(r), complete != 0); });        \
  }                                                                                        \
  void arrayc_rt_linalg_svd_##S(M(a), M(u), M(s), M(v), int32_t full, M(loc)) {              \
    run("svd", locr, locd, [&] { return svdEntry<T>(A(a), A(u), A(s), A(v), full != 0); });    \
  }                                                                                        \
  void arrayc_rt_linalg_svdvals_##S(M(a), M(s), M(loc)) {                                    \
    run("svd", locr, locd, [&] { return svdvalsEntry<T>(A(a), A(s)); });                       \
  }                                                                                        \
  void arrayc_rt_linalg_eigh_##S(M(a), M(w), M(v), int32_t upper, M(loc)) {                  \
    run("eigh", locr, locd, [&] { return eighEntry<T>(A(a), A(w), A(v), upper != 0); });       \
  }                                                                                        \
  void arrayc_rt_linalg_slogdet_##S(M(a), M(sign), M(logabs), M(loc)) {                    \
    run("slogdet", locr, locd, [&] { return slogdetEntry<T>(A(a), A(sign), A(logabs)); });   \
  }                                                                                        \
  void arrayc_rt_linalg_lstsq_##S(M(a), M(b), M(x), M(res), M(rank), M(s),                 \
                                  int32_t useDefault, double rcond, M(loc)) {              \
    run("lstsq", locr, locd, [&] {                                                         \
      return lstsqEntry<T>(A(a), A(b), A(x), A(res), A(rank), A(s), useDefault != 0, rcond); \
    });                                                                                    \
  }                                                                                        \
  void arrayc_rt_linalg_eig_##S(M(a), M(w), M(v), M(loc)) {                                \
    Arg v = A(v);                                                                          \
    run("eig", locr, locd, [&] { return eigEntry<T>(A(a), A(w), &v); });                    \
  }                                                                                        \
  void arrayc_rt_linalg_eigvals_##S(M(a), M(w), M(loc)) {                                  \
    run("eigvals", locr, locd, [&] { return eigEntry<T>(A(a), A(w), nullptr); });           \
  }

extern "C" {
ARRAYC_RT_DEFINE_LINALG(f32, float)
ARRAYC_RT_DEFINE_LINALG(f64, double)
ARRAYC_RT_DEFINE_LINALG(c64, std::complex<float>)
ARRAYC_RT_DEFINE_LINALG(c128, std::complex<double>)
}
