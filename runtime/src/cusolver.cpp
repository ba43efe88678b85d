// numpy.linalg on the GPU through cuSOLVER: `arrayc_rt_cusolver_<op>_<T>`,
// the entry points `convert-ndarray-to-runtime{cuda=1}` calls, with the
// signatures of the LAPACKE ones (linalg.cpp). cuSOLVER is loaded with
// dlopen on the first call; its calls, and the cuBLAS transposes around them,
// queue on the calling thread's current stream, with scratch from the pool.
//
// cuSOLVER works on column-major matrices it overwrites, so each input
// matrix is first transposed (cuBLAS geam) into a column-major scratch copy,
// and each result transposed back into the row-major output. The factorization
// statuses (`info`) come back to the host once per call, after all its
// matrices: a singular matrix in solve/inv, a matrix that is not positive
// definite in cholesky, an SVD or eigensolver that did not converge report
// NumPy's LinAlgError message and exit, never a silent NaN.
//
// Arguments the GPU path cannot take -- host memory, a matrix whose strides
// are not a row-major or column-major layout, an empty dimension -- go to the
// LAPACKE entry point, which stages device buffers through the host.
#include "cuda_libs.h"
#include "gemm_plan.h"
#include "internal.h"

#include <cusolverDn.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <type_traits>
#include <mutex>
#include <string>
#include <vector>

using namespace arrayc_rt;
using namespace arrayc_rt::cuda;

namespace {

template <class T> struct RealOf { using type = T; };
template <class T> struct RealOf<std::complex<T>> { using type = T; };
template <class T> using Real = typename RealOf<T>::type;

// One element type's cuSOLVER and cuBLAS routines, resolved by name. The
// complex types use the Hermitian routines (ungqr, heevd).
template <class T> struct Cu;
#define ARRAYC_RT_CU(T, D, R, P, QR, EV, ASUM)                                                  \
  template <> struct Cu<T> {                                                               \
    using Dev = D;                                                                         \
    using RealDev = R;                                                                     \
    static inline decltype(&cusolverDn##P##getrf_bufferSize) getrfSize;                    \
    static inline decltype(&cusolverDn##P##getrf) getrf;                                   \
    static inline decltype(&cusolverDn##P##getrs) getrs;                                   \
    static inline decltype(&cusolverDn##P##potrf_bufferSize) potrfSize;                    \
    static inline decltype(&cusolverDn##P##potrf) potrf;                                   \
    static inline decltype(&cusolverDn##P##geqrf_bufferSize) geqrfSize;                    \
    static inline decltype(&cusolverDn##P##geqrf) geqrf;                                   \
    static inline decltype(&cusolverDn##P##QR##_bufferSize) orgqrSize;                     \
    static inline decltype(&cusolverDn##P##QR) orgqr;                                      \
    static inline decltype(&cusolverDn##P##gesvdj_bufferSize) gesvdjSize;                  \
    static inline decltype(&cusolverDn##P##gesvdj) gesvdj;                                 \
    static inline decltype(&cusolverDn##P##EV##_bufferSize) syevdSize;                     \
    static inline decltype(&cusolverDn##P##EV) syevd;                                      \
    static inline decltype(&cublas##P##geam) geam;                                         \
    static inline decltype(&cublas##P##trttp) trttp;                                       \
    static inline decltype(&cublas##P##tpttr) tpttr;                                       \
    static inline decltype(&cublas##ASUM##_v2) asum;                                       \
    static void load(void *solver, void *blas, std::string &e) {                           \
      symbol(solver, getrfSize, "cusolverDn" #P "getrf_bufferSize", e);                    \
      symbol(solver, getrf, "cusolverDn" #P "getrf", e);                                   \
      symbol(solver, getrs, "cusolverDn" #P "getrs", e);                                   \
      symbol(solver, potrfSize, "cusolverDn" #P "potrf_bufferSize", e);                    \
      symbol(solver, potrf, "cusolverDn" #P "potrf", e);                                   \
      symbol(solver, geqrfSize, "cusolverDn" #P "geqrf_bufferSize", e);                    \
      symbol(solver, geqrf, "cusolverDn" #P "geqrf", e);                                   \
      symbol(solver, orgqrSize, "cusolverDn" #P #QR "_bufferSize", e);                     \
      symbol(solver, orgqr, "cusolverDn" #P #QR, e);                                       \
      symbol(solver, gesvdjSize, "cusolverDn" #P "gesvdj_bufferSize", e);                  \
      symbol(solver, gesvdj, "cusolverDn" #P "gesvdj", e);                                 \
      symbol(solver, syevdSize, "cusolverDn" #P #EV "_bufferSize", e);                     \
      symbol(solver, syevd, "cusolverDn" #P #EV, e);                                       \
      symbol(blas, geam, "cublas" #P "geam", e);                                           \
      symbol(blas, trttp, "cublas" #P "trttp", e);                                         \
      symbol(blas, tpttr, "cublas" #P "tpttr", e);                                         \
      symbol(blas, asum, "cublas" #ASUM "_v2", e);                                         \
    }                                                                                      \
  };
ARRAYC_RT_CU(float, float, float, S, orgqr, syevd, Sasum)
ARRAYC_RT_CU(double, double, double, D, orgqr, syevd, Dasum)
ARRAYC_RT_CU(std::complex<float>, cuComplex, float, C, ungqr, heevd, Scasum)
ARRAYC_RT_CU(std::complex<double>, cuDoubleComplex, double, Z, ungqr, heevd, Dzasum)
#undef ARRAYC_RT_CU

template <class T> auto *dev(T *p) { return reinterpret_cast<typename Cu<T>::Dev *>(p); }
template <class T> auto *dev(const T *p) {
  return reinterpret_cast<const typename Cu<T>::Dev *>(p);
}

// The process's cuSOLVER library; a handle and a Jacobi-SVD parameter set per
// device (solverHandles).
struct Solver {
  decltype(&cusolverDnCreate) create = nullptr;
  decltype(&cusolverDnCreateGesvdjInfo) createSvdParams = nullptr;
  decltype(&cusolverDnSetStream) setStream = nullptr;
  decltype(&cublasSetPointerMode_v2) setPointerMode = nullptr; // cuBLAS's
};
struct SolverHandles {
  cusolverDnHandle_t handle = nullptr;
  gesvdjInfo_t svdParams = nullptr;
};

const Solver *loadSolver() {
  static EntryPoints<Solver> entries;
  return entries.get([](Solver &api, std::string &error) {
    const Cublas *blas = nullptr;
    void *lib = openWithCublas("cuSOLVER", {"libcusolver.so.12", "libcusolver.so"}, error, &blas);
    if (!lib)
      return;
    symbol(lib, api.create, "cusolverDnCreate", error);
    symbol(lib, api.createSvdParams, "cusolverDnCreateGesvdjInfo", error);
    symbol(lib, api.setStream, "cusolverDnSetStream", error);
    symbol(blas->lib, api.setPointerMode, "cublasSetPointerMode_v2", error);
    Cu<float>::load(lib, blas->lib, error);
    Cu<double>::load(lib, blas->lib, error);
    Cu<std::complex<float>>::load(lib, blas->lib, error);
    Cu<std::complex<double>>::load(lib, blas->lib, error);
  });
}

// The current device's handles (made in its context on first use).
const SolverHandles *solverHandles(const Solver &api) {
  static PerDevice<SolverHandles> handles;
  return handles.get([&api](SolverHandles &h) {
    cusolverStatus_t st = api.create(&h.handle);
    if (!succeeded(st == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate", (int)st))
      return false;
    st = api.createSvdParams(&h.svdParams);
    return succeeded(st == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreateGesvdjInfo", (int)st);
  });
}

using arrayc_rt::cuda::check; // CUDA and cuBLAS statuses
arrayc_rt_status check(cusolverStatus_t st, const char *call) {
  return libraryStatus(st == CUSOLVER_STATUS_SUCCESS, call, "cuSOLVER", (int)st);
}

// The handles of one call, bound to the current stream.
struct Ctx {
  cusolverDnHandle_t solver = nullptr;
  cublasHandle_t blas = nullptr;
  gesvdjInfo_t svdParams = nullptr;
  CUstream stream = nullptr;
  const Solver *api = nullptr;

  arrayc_rt_status init() {
    api = loadSolver();
    const SolverHandles *h = api ? solverHandles(*api) : nullptr;
    if (!h || !(blas = cublasOnStream()))
      return ARRAYC_RT_ERR_DEVICE;
    stream = cuda::stream();
    solver = h->handle;
    svdParams = h->svdParams;
    return check(api->setStream(solver, reinterpret_cast<cudaStream_t>(stream)),
                 "cusolverDnSetStream");
  }
};

// A memref argument: a stack of `core`-dimensional items (2: matrices, 1:
// vectors, 0: scalars) over its leading batch dimensions, in device memory.
struct Arg {
  int64_t rank;
  void *desc;
};
template <class E> class Stack {
public:
  Stack(Arg a, int core) : d_(descriptor(a.rank, a.desc, sizeof(E))), core_(core) {
    nb_ = a.rank - core;
    for (int64_t i = 0; i < nb_; ++i)
      batch_ *= d_.sizes[i];
  }
  // What the GPU path needs: device memory, no empty dimension, a
  // row-major or column-major layout of each item, sizes cuSOLVER's int
  // arguments hold.
  bool usable() const {
    if (nb_ < 0 || !d_.data || batch_ == 0)
      return false;
    for (int k = 0; k < core_; ++k)
      if (dim(k) == 0 || dim(k) > INT_MAX / 2)
        return false;
    if (core_ == 2 && !gemm::layoutOf(dim(0), dim(1), rs(), cs(), true).direct)
      return false;
    if (core_ == 1 && rs() != 1 && dim(0) > 1)
      return false;
    return isDeviceMemory(d_.data);
  }
  int64_t batch() const { return batch_; }
  int64_t dim(int k) const { return nb_ >= 0 && k < core_ ? d_.sizes[nb_ + k] : 0; }
  int64_t rs() const { return core_ >= 1 ? d_.strides[nb_] : 0; }
  int64_t cs() const { return core_ >= 2 ? d_.strides[nb_ + 1] : 0; }
  // Element 0 of item b.
  E *item(int64_t b) const {
    int64_t off = 0;
    for (int64_t d = nb_ - 1; d >= 0; --d) {
      off += (b % d_.sizes[d]) * d_.strides[d];
      b /= d_.sizes[d];
    }
    return reinterpret_cast<E *>(d_.data) + off;
  }

private:
  Descriptor d_;
  int core_;
  int64_t nb_ = 0, batch_ = 1;
};

// C (m x n, column-major, ldc) = op(A), one cuBLAS geam.
template <class T>
arrayc_rt_status geam(Ctx &c, cublasOperation_t op, int64_t m, int64_t n, const T *a,
                      int64_t lda, T *out, int64_t ldc) {
  typename Cu<T>::Dev one, zero;
  std::memset(&one, 0, sizeof one);
  std::memset(&zero, 0, sizeof zero);
  *reinterpret_cast<Real<T> *>(&one) = 1;
  return check(Cu<T>::geam(c.blas, op, CUBLAS_OP_N, (int)m, (int)n, &one, dev(a), (int)lda,
                           &zero, dev(out), (int)ldc, dev(out), (int)ldc),
               "cublas geam");
}

// The matrix at `src` (rows x cols, strides rs/cs) into `dst`, column-major
// with leading dimension ld.
template <class T>
arrayc_rt_status toColMajor(Ctx &c, const T *src, int64_t rows, int64_t cols, int64_t rs,
                            int64_t cs, T *dst, int64_t ld) {
  gemm::Layout l = gemm::layoutOf(rows, cols, rs, cs, true);
  // Row-major with leading dimension l.ld is column-major src^T.
  return l.trans ? geam(c, CUBLAS_OP_N, rows, cols, src, l.ld, dst, ld)
                 : geam(c, CUBLAS_OP_T, rows, cols, src, l.ld, dst, ld);
}
// The column-major `src` (rows x cols, leading dimension ld) into the matrix
// at `dst` (strides rs/cs).
template <class T>
arrayc_rt_status fromColMajor(Ctx &c, const T *src, int64_t ld, int64_t rows, int64_t cols,
                              T *dst, int64_t rs, int64_t cs) {
  gemm::Layout l = gemm::layoutOf(rows, cols, rs, cs, true);
  return l.trans ? geam(c, CUBLAS_OP_N, rows, cols, src, ld, dst, l.ld)
                 : geam(c, CUBLAS_OP_T, cols, rows, src, ld, dst, l.ld);
}
template <class T>
arrayc_rt_status toColMajor(Ctx &c, const Stack<T> &s, int64_t b, T *dst, int64_t ld) {
  return toColMajor(c, s.item(b), s.dim(0), s.dim(1), s.rs(), s.cs(), dst, ld);
}
template <class T>
arrayc_rt_status fromColMajor(Ctx &c, const T *src, int64_t ld, const Stack<T> &s, int64_t b) {
  return fromColMajor(c, src, ld, s.dim(0), s.dim(1), s.item(b), s.rs(), s.cs());
}

arrayc_rt_status zero(Ctx &c, void *p, size_t bytes) {
  return check(cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(p), 0, bytes, c.stream),
               "cuMemsetD8Async");
}
// The identity in `p` (rows x cols, column-major, leading dimension ld): zero,
// then the diagonal's real parts set to 1 through their upper 32-bit words.
template <class T>
arrayc_rt_status identity(Ctx &c, T *p, int64_t rows, int64_t cols, int64_t ld) {
  ARRAYC_RT_TRY(zero(c, p, sizeof(T) * ld * cols));
  bool wide = sizeof(Real<T>) == 8;
  auto at = reinterpret_cast<CUdeviceptr>(p) + (wide ? 4 : 0);
  return check(cuMemsetD2D32Async(at, sizeof(T) * (ld + 1), wide ? 0x3FF00000u : 0x3F800000u,
                                  1, std::min(rows, cols), c.stream),
               "cuMemsetD2D32Async");
}
arrayc_rt_status copy(Ctx &c, void *dst, const void *src, size_t bytes) {
  return check(cuMemcpyDtoDAsync(reinterpret_cast<CUdeviceptr>(dst),
                                 reinterpret_cast<CUdeviceptr>(src), bytes, c.stream),
               "cuMemcpyDtoDAsync");
}
// A rows x cols block between column-major matrices (leading dimensions).
template <class T>
arrayc_rt_status copyBlock(Ctx &c, T *dst, int64_t ldd, const T *src, int64_t lds, int64_t rows,
                           int64_t cols) {
  CUDA_MEMCPY2D m = {};
  m.srcMemoryType = m.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  m.srcDevice = reinterpret_cast<CUdeviceptr>(src);
  m.srcPitch = sizeof(T) * lds;
  m.dstDevice = reinterpret_cast<CUdeviceptr>(dst);
  m.dstPitch = sizeof(T) * ldd;
  m.WidthInBytes = sizeof(T) * rows;
  m.Height = cols;
  return check(cuMemcpy2DAsync(&m, c.stream), "cuMemcpy2DAsync");
}

// The factorizations' statuses, one per matrix, read once at the end.
class Infos {
public:
  explicit Infos(int64_t n) : n_(n), buf_(sizeof(int) * (n + 1)) {}
  int *at(int64_t b) { return buf_.get<int>() + b; }
  int *scratch() { return buf_.get<int>() + n_; } // statuses nobody reads
  // Waits for the call's work and returns the first nonzero status (0: all
  // succeeded).
  arrayc_rt_status wait(Ctx &c, int *first) {
    std::vector<int> host((size_t)n_);
    ARRAYC_RT_TRY(check(cuMemcpyDtoHAsync(host.data(), reinterpret_cast<CUdeviceptr>(at(0)),
                                          sizeof(int) * n_, c.stream),
                        "cuMemcpyDtoHAsync"));
    ARRAYC_RT_TRY(check(cuStreamSynchronize(c.stream), "waiting for cuSOLVER"));
    *first = 0;
    for (int v : host)
      if (v != 0) {
        *first = v;
        break;
      }
    return ARRAYC_RT_OK;
  }

private:
  int64_t n_;
  DeviceBuffer buf_;
};

// Which matrices of an LU call hold a NaN. cuSOLVER's getrf can stop at a NaN
// pivot and leave finite numbers (det 277.6 where NumPy has nan), and which
// results NumPy makes NaN follows OpenBLAS's pivot choices (solve: some
// entries NaN, some not). A call with such a matrix is therefore answered by
// the LAPACKE path (run()), the library NumPy uses. Each matrix's sum of |x|
// is taken on the device (cuBLAS asum, in slices of at most 2^30 elements):
// NaN exactly when the matrix has one (an inf alone gives inf), read on the
// host after the call's synchronization.
template <class T> class NaNMatrices {
public:
  using R = Real<T>;
  NaNMatrices(int64_t count, int64_t size)
      : size_(size), slices_((size + kSlice - 1) / kSlice), sums_(sizeof(R) * count * slices_),
        host_((size_t)(count * slices_)) {}
  // Queues the sums of matrix b (its `size` elements at w).
  arrayc_rt_status sum(Ctx &c, int64_t b, const T *w) {
    ARRAYC_RT_TRY(check(c.api->setPointerMode(c.blas, CUBLAS_POINTER_MODE_DEVICE),
                        "cublasSetPointerMode"));
    cublasStatus_t st = CUBLAS_STATUS_SUCCESS;
    for (int64_t k = 0; k < slices_ && st == CUBLAS_STATUS_SUCCESS; ++k)
      st = Cu<T>::asum(c.blas, (int)std::min(kSlice, size_ - k * kSlice), dev(w + k * kSlice), 1,
                       reinterpret_cast<typename Cu<T>::RealDev *>(sums_.get<R>()) +
                           b * slices_ + k);
    ARRAYC_RT_TRY(check(c.api->setPointerMode(c.blas, CUBLAS_POINTER_MODE_HOST),
                        "cublasSetPointerMode"));
    return check(st, "cublas asum");
  }
  // Queues the sums' copy to the host; operator[] reads them once the
  // stream has been synchronized.
  arrayc_rt_status fetch(Ctx &c) {
    return check(cuMemcpyDtoHAsync(host_.data(), reinterpret_cast<CUdeviceptr>(sums_.get()),
                                   sizeof(R) * host_.size(), c.stream),
                 "cuMemcpyDtoHAsync");
  }
  bool operator[](int64_t b) const {
    for (int64_t k = 0; k < slices_; ++k)
      if (std::isnan(host_[b * slices_ + k]))
        return true;
    return false;
  }

private:
  static constexpr int64_t kSlice = int64_t(1) << 30;
  int64_t size_, slices_;
  DeviceBuffer sums_;
  std::vector<R> host_;
};

// Set by a GPU routine that found input it leaves to LAPACKE (NaNMatrices);
// run() then answers the call through the host path.
thread_local bool tToHost = false;

arrayc_rt_status badArgument(const char *routine, int info) {
  return setError(ARRAYC_RT_ERR_DEVICE, "cuSOLVER %s rejected argument %d", routine, -info);
}

// Workspace of `lwork` elements of T.
template <class T> struct Workspace : DeviceBuffer {
  explicit Workspace(int lwork) : DeviceBuffer(sizeof(T) * std::max(lwork, 1)) {}
  auto *ptr() const { return dev(get<T>()); }
};

template <class T> arrayc_rt_status det(Stack<T> &a, Stack<T> &out) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), nb = a.batch();
  DeviceBuffer w(sizeof(T) * m * m), pivots(sizeof(int) * m * nb);
  int lwork = 0;
  ARRAYC_RT_TRY(check(Cu<T>::getrfSize(c.solver, m, m, dev(w.get<T>()), m, &lwork),
                      "getrf_bufferSize"));
  Workspace<T> work(lwork);
  Infos infos(nb);
  NaNMatrices<T> nans(nb, m * m);
  // The diagonal of each LU and its pivots come to the host.
  std::vector<T> diag((size_t)(m * nb));
  std::vector<int> ipiv((size_t)(m * nb));
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(nans.sum(c, b, w.get<T>()));
    int *piv = pivots.get<int>() + b * m;
    ARRAYC_RT_TRY(check(Cu<T>::getrf(c.solver, m, m, dev(w.get<T>()), m, work.ptr(), piv,
                                     infos.at(b)),
                        "getrf"));
    CUDA_MEMCPY2D d = {};
    d.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    d.srcDevice = reinterpret_cast<CUdeviceptr>(w.get<T>());
    d.srcPitch = sizeof(T) * (m + 1);
    d.dstMemoryType = CU_MEMORYTYPE_HOST;
    d.dstHost = diag.data() + b * m;
    d.dstPitch = sizeof(T);
    d.WidthInBytes = sizeof(T);
    d.Height = m;
    ARRAYC_RT_TRY(check(cuMemcpy2DAsync(&d, c.stream), "cuMemcpy2DAsync"));
  }
  ARRAYC_RT_TRY(check(cuMemcpyDtoHAsync(ipiv.data(), reinterpret_cast<CUdeviceptr>(pivots.get()),
                                        sizeof(int) * m * nb, c.stream),
                      "cuMemcpyDtoHAsync"));
  ARRAYC_RT_TRY(nans.fetch(c));
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  for (int64_t b = 0; b < nb; ++b)
    if (nans[b])
      return tToHost = true, ARRAYC_RT_OK;
  if (info < 0)
    return badArgument("getrf", info);
  // info > 0: U has an exact zero on its diagonal and the product is 0.
  std::vector<T> dets((size_t)nb);
  for (int64_t b = 0; b < nb; ++b) {
    T p = T(1);
    for (int64_t i = 0; i < m; ++i)
      p *= ipiv[b * m + i] != i + 1 ? -diag[b * m + i] : diag[b * m + i];
    dets[b] = p;
  }
  for (int64_t b = 0; b < nb; ++b)
    ARRAYC_RT_TRY(check(cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(out.item(b)), &dets[b],
                                          sizeof(T), c.stream),
                        "cuMemcpyHtoDAsync"));
  return check(cuStreamSynchronize(c.stream), "cuStreamSynchronize");
}

// solve (b given) and inv (b null: the identity): LU, then getrs.
template <class T>
arrayc_rt_status luSolve(Stack<T> &a, Stack<T> *bs, Stack<T> &out, bool vector) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), k = !bs ? m : vector ? 1 : bs->dim(1), nb = a.batch();
  DeviceBuffer w(sizeof(T) * m * m), x(sizeof(T) * m * k), pivots(sizeof(int) * m);
  int lwork = 0;
  ARRAYC_RT_TRY(check(Cu<T>::getrfSize(c.solver, m, m, dev(w.get<T>()), m, &lwork),
                      "getrf_bufferSize"));
  Workspace<T> work(lwork);
  Infos infos(nb);
  NaNMatrices<T> nans(nb, m * m);
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(nans.sum(c, b, w.get<T>()));
    if (!bs)
      ARRAYC_RT_TRY(identity(c, x.get<T>(), m, m, m));
    else if (vector)
      ARRAYC_RT_TRY(copy(c, x.get(), bs->item(b), sizeof(T) * m));
    else
      ARRAYC_RT_TRY(toColMajor(c, *bs, b, x.get<T>(), m));
    ARRAYC_RT_TRY(check(Cu<T>::getrf(c.solver, m, m, dev(w.get<T>()), m, work.ptr(),
                                     pivots.get<int>(), infos.at(b)),
                        "getrf"));
    ARRAYC_RT_TRY(check(Cu<T>::getrs(c.solver, CUBLAS_OP_N, m, k, dev(w.get<T>()), m,
                                     pivots.get<int>(), dev(x.get<T>()), m, infos.scratch()),
                        "getrs"));
    if (vector)
      ARRAYC_RT_TRY(copy(c, out.item(b), x.get(), sizeof(T) * m));
    else
      ARRAYC_RT_TRY(fromColMajor(c, x.get<T>(), m, out, b));
  }
  ARRAYC_RT_TRY(nans.fetch(c));
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  for (int64_t b = 0; b < nb; ++b)
    if (nans[b])
      return tToHost = true, ARRAYC_RT_OK;
  if (info > 0)
    return setError(ARRAYC_RT_ERR_INVALID, "Singular matrix");
  return info < 0 ? badArgument("getrf", info) : ARRAYC_RT_OK;
}

// Keeps the `uplo` triangle of the n x n column-major `w` (leading dimension
// ld) in `out` (leading dimension ldo, n columns), zeros elsewhere in its
// first n rows: packed, then unpacked over zeros.
template <class T>
arrayc_rt_status triangle(Ctx &c, cublasFillMode_t uplo, int64_t n, const T *w, int64_t ld,
                          T *out, int64_t ldo) {
  DeviceBuffer packed(sizeof(T) * n * (n + 1) / 2);
  ARRAYC_RT_TRY(check(Cu<T>::trttp(c.blas, uplo, n, dev(w), ld, dev(packed.get<T>())),
                      "cublas trttp"));
  ARRAYC_RT_TRY(zero(c, out, sizeof(T) * ldo * n));
  return check(Cu<T>::tpttr(c.blas, uplo, n, dev(packed.get<T>()), dev(out), ldo),
               "cublas tpttr");
}

template <class T> arrayc_rt_status cholesky(Stack<T> &a, Stack<T> &out, bool upper) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), nb = a.batch();
  cublasFillMode_t uplo = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  DeviceBuffer w(sizeof(T) * m * m), t(sizeof(T) * m * m);
  int lwork = 0;
  ARRAYC_RT_TRY(check(Cu<T>::potrfSize(c.solver, uplo, m, dev(w.get<T>()), m, &lwork),
                      "potrf_bufferSize"));
  Workspace<T> work(lwork);
  Infos infos(nb);
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(check(Cu<T>::potrf(c.solver, uplo, m, dev(w.get<T>()), m, work.ptr(), lwork,
                                     infos.at(b)),
                        "potrf"));
    ARRAYC_RT_TRY(triangle(c, uplo, m, w.get<T>(), m, t.get<T>(), m));
    ARRAYC_RT_TRY(fromColMajor(c, t.get<T>(), m, out, b));
  }
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  if (info > 0)
    return setError(ARRAYC_RT_ERR_INVALID, "Matrix is not positive definite");
  return info < 0 ? badArgument("potrf", info) : ARRAYC_RT_OK;
}

template <class T>
arrayc_rt_status qrFactor(Stack<T> &a, Stack<T> &q, Stack<T> &r, bool complete) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), n = a.dim(1), k = std::min(m, n), nb = a.batch();
  int64_t qc = complete ? m : k, rr = complete ? m : k;
  DeviceBuffer w(sizeof(T) * m * n), tau(sizeof(T) * k), qs(sizeof(T) * m * qc),
      rs(sizeof(T) * rr * n);
  int lgeqrf = 0, lorgqr = 0;
  ARRAYC_RT_TRY(check(Cu<T>::geqrfSize(c.solver, m, n, dev(w.get<T>()), m, &lgeqrf),
                      "geqrf_bufferSize"));
  ARRAYC_RT_TRY(check(Cu<T>::orgqrSize(c.solver, m, qc, k, dev(qs.get<T>()), m,
                                       dev(tau.get<T>()), &lorgqr),
                      "orgqr_bufferSize"));
  int lwork = std::max(lgeqrf, lorgqr);
  Workspace<T> work(lwork);
  Infos infos(nb);
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(check(Cu<T>::geqrf(c.solver, m, n, dev(w.get<T>()), m, dev(tau.get<T>()),
                                     work.ptr(), lwork, infos.at(b)),
                        "geqrf"));
    // r: the upper triangle of the first k columns, the rest of the first k
    // rows, zeros below.
    ARRAYC_RT_TRY(zero(c, rs.get(), sizeof(T) * rr * n));
    ARRAYC_RT_TRY(triangle(c, CUBLAS_FILL_MODE_UPPER, k, w.get<T>(), m, rs.get<T>(), rr));
    if (n > k)
      ARRAYC_RT_TRY(copyBlock(c, rs.get<T>() + k * rr, rr, w.get<T>() + k * m, m, k, n - k));
    ARRAYC_RT_TRY(fromColMajor(c, rs.get<T>(), rr, r, b));
    // q: the k reflectors over an identity, expanded to m x qc.
    ARRAYC_RT_TRY(identity(c, qs.get<T>(), m, qc, m));
    ARRAYC_RT_TRY(copy(c, qs.get(), w.get(), sizeof(T) * m * k));
    ARRAYC_RT_TRY(check(Cu<T>::orgqr(c.solver, m, qc, k, dev(qs.get<T>()), m, dev(tau.get<T>()),
                                     work.ptr(), lwork, infos.scratch()),
                        "orgqr/ungqr"));
    ARRAYC_RT_TRY(fromColMajor(c, qs.get<T>(), m, q, b));
  }
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  return info < 0 ? badArgument("geqrf", info) : ARRAYC_RT_OK;
}

// svd (u and vh given) or svdvals (both null), by one-sided Jacobi
// (gesvdj), as PyTorch does: A = U S V^H, so vh is V^H.
template <class T>
arrayc_rt_status svd(Stack<T> &a, Stack<T> *u, Stack<Real<T>> &s, Stack<T> *vh, bool full) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), n = a.dim(1), k = std::min(m, n), nb = a.batch();
  int64_t uc = full ? m : k, vr = full ? n : k;
  cusolverEigMode_t jobz = u ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  int econ = full ? 0 : 1;
  DeviceBuffer w(sizeof(T) * m * n), us(sizeof(T) * m * uc), vs(sizeof(T) * n * vr),
      vt(sizeof(T) * vr * n), sv(sizeof(Real<T>) * k);
  auto *svp = reinterpret_cast<typename Cu<T>::RealDev *>(sv.get());
  int lwork = 0;
  ARRAYC_RT_TRY(check(Cu<T>::gesvdjSize(c.solver, jobz, econ, m, n, dev(w.get<T>()), m, svp,
                                        dev(us.get<T>()), m, dev(vs.get<T>()), n, &lwork,
                                        c.svdParams),
                      "gesvdj_bufferSize"));
  Workspace<T> work(lwork);
  Infos infos(nb);
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(check(Cu<T>::gesvdj(c.solver, jobz, econ, m, n, dev(w.get<T>()), m, svp,
                                      dev(us.get<T>()), m, dev(vs.get<T>()), n, work.ptr(), lwork,
                                      infos.at(b), c.svdParams),
                        "gesvdj"));
    ARRAYC_RT_TRY(copy(c, s.item(b), sv.get(), sizeof(Real<T>) * k));
    if (u) {
      ARRAYC_RT_TRY(fromColMajor(c, us.get<T>(), m, *u, b));
      // vh = V^H (vr x n), column-major first, then into the row-major output.
      ARRAYC_RT_TRY(geam(c, CUBLAS_OP_C, vr, n, vs.get<T>(), n, vt.get<T>(), vr));
      ARRAYC_RT_TRY(fromColMajor(c, vt.get<T>(), vr, *vh, b));
    }
  }
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  if (info > 0)
    return setError(ARRAYC_RT_ERR_INVALID, "SVD did not converge");
  return info < 0 ? badArgument("gesvdj", info) : ARRAYC_RT_OK;
}

template <class T>
arrayc_rt_status eigh(Stack<T> &a, Stack<Real<T>> &wv, Stack<T> &v, bool upper) {
  Ctx c;
  ARRAYC_RT_TRY(c.init());
  int64_t m = a.dim(0), nb = a.batch();
  cublasFillMode_t uplo = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  DeviceBuffer w(sizeof(T) * m * m), ev(sizeof(Real<T>) * m);
  auto *evp = reinterpret_cast<typename Cu<T>::RealDev *>(ev.get());
  int lwork = 0;
  ARRAYC_RT_TRY(check(Cu<T>::syevdSize(c.solver, CUSOLVER_EIG_MODE_VECTOR, uplo, m,
                                       dev(w.get<T>()), m, evp, &lwork),
                      "syevd_bufferSize"));
  Workspace<T> work(lwork);
  Infos infos(nb);
  for (int64_t b = 0; b < nb; ++b) {
    ARRAYC_RT_TRY(toColMajor(c, a, b, w.get<T>(), m));
    ARRAYC_RT_TRY(check(Cu<T>::syevd(c.solver, CUSOLVER_EIG_MODE_VECTOR, uplo, m,
                                     dev(w.get<T>()), m, evp, work.ptr(), lwork, infos.at(b)),
                        "syevd/heevd"));
    ARRAYC_RT_TRY(copy(c, wv.item(b), ev.get(), sizeof(Real<T>) * m));
    ARRAYC_RT_TRY(fromColMajor(c, w.get<T>(), m, v, b));
  }
  int info = 0;
  ARRAYC_RT_TRY(infos.wait(c, &info));
  if (info > 0)
    return setError(ARRAYC_RT_ERR_INVALID, "Eigenvalues did not converge");
  return info < 0 ? badArgument("syevd", info) : ARRAYC_RT_OK;
}

// The shape checks of the LAPACKE path (the square ones, and the outputs
// fitting the input): when one fails, the LAPACKE entry point reports it.
template <class T> bool square(const Stack<T> &a) { return a.dim(0) == a.dim(1); }

// Runs `body` on the GPU when every argument allows it (else `host`, the
// LAPACKE entry point); on failure reports "linalg.<op>: <message>" at `loc`
// and exits, as the LAPACKE path does.
template <class Body, class Host>
void run(const char *op, bool usable, Arg loc, Body body, Host host) {
  if (!usable)
    return host();
  tToHost = false;
  if (body() == ARRAYC_RT_OK)
    return tToHost ? host() : void();
  std::string msg = std::string("linalg.") + op + ": " + arrayc_rt_last_error();
  arrayc_rt_fatal(memrefString(loc.rank, loc.desc).c_str(), msg.c_str());
}

// The outputs are the compiler's fresh buffers, shaped from the input; a
// mismatch (a dynamic shape the compiler could not check) goes to the
// LAPACKE path, which reports it.
bool sameBatch(Arg a, Arg b, int acore, int bcore) {
  if (a.rank - acore != b.rank - bcore)
    return false;
  auto *as = static_cast<int64_t *>(a.desc) + 3, *bs = static_cast<int64_t *>(b.desc) + 3;
  for (int64_t d = 0; d < a.rank - acore; ++d)
    if (as[d] != bs[d])
      return false;
  return true;
}

} // namespace

#define M(x) int64_t x##r, void *x##d
#define A(x) Arg{x##r, x##d}
#define ARRAYC_RT_DEFINE_CUSOLVER(S, T)                                                    \
  ARRAYC_RT_API void arrayc_rt_cusolver_det_##S(M(a), M(res), M(loc)) {                    \
    Stack<T> sa(A(a), 2), so(A(res), 0);                                                   \
    run("det", sa.usable() && square(sa) && so.usable() && sameBatch(A(a), A(res), 2, 0),  \
        A(loc), [&] { return det(sa, so); },                                               \
        [&] { arrayc_rt_linalg_det_##S(ar, ad, resr, resd, locr, locd); });                \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_inv_##S(M(a), M(res), M(loc)) {                    \
    Stack<T> sa(A(a), 2), so(A(res), 2);                                                   \
    run("inv",                                                                             \
        sa.usable() && square(sa) && so.usable() && so.dim(0) == sa.dim(0) &&              \
            so.dim(1) == sa.dim(0) && sameBatch(A(a), A(res), 2, 2),                       \
        A(loc), [&] { return luSolve<T>(sa, nullptr, so, false); },                        \
        [&] { arrayc_rt_linalg_inv_##S(ar, ad, resr, resd, locr, locd); });                \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_cholesky_##S(M(a), M(res), int32_t upper, M(loc)) { \
    Stack<T> sa(A(a), 2), so(A(res), 2);                                                   \
    run("cholesky",                                                                        \
        sa.usable() && square(sa) && so.usable() && so.dim(0) == sa.dim(0) &&              \
            so.dim(1) == sa.dim(0) && sameBatch(A(a), A(res), 2, 2),                       \
        A(loc), [&] { return cholesky(sa, so, upper != 0); },                              \
        [&] { arrayc_rt_linalg_cholesky_##S(ar, ad, resr, resd, upper, locr, locd); });    \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_solve_##S(M(a), M(b), M(res), M(loc)) {            \
    bool vector = br == ar - 1;                                                            \
    int core = vector ? 1 : 2;                                                             \
    Stack<T> sa(A(a), 2), sb(A(b), core), so(A(res), core);                                \
    bool fits = sa.usable() && square(sa) && sb.usable() && so.usable() &&                 \
                sb.dim(0) == sa.dim(0) && so.dim(0) == sa.dim(0) &&                        \
                (vector || so.dim(1) == sb.dim(1)) && sameBatch(A(a), A(b), 2, core) &&    \
                sameBatch(A(a), A(res), 2, core);                                          \
    run("solve", fits, A(loc), [&] { return luSolve(sa, &sb, so, vector); },               \
        [&] { arrayc_rt_linalg_solve_##S(ar, ad, br, bd, resr, resd, locr, locd); });      \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_qr_##S(M(a), M(q), M(r), int32_t complete, M(loc)) { \
    Stack<T> sa(A(a), 2), sq(A(q), 2), sr(A(r), 2);                                        \
    int64_t k = std::min(sa.dim(0), sa.dim(1)), c = complete ? sa.dim(0) : k;              \
    bool fits = sa.usable() && sq.usable() && sr.usable() && sq.dim(0) == sa.dim(0) &&     \
                sq.dim(1) == c && sr.dim(0) == c && sr.dim(1) == sa.dim(1) &&              \
                sameBatch(A(a), A(q), 2, 2) && sameBatch(A(a), A(r), 2, 2);                \
    run("qr", fits, A(loc), [&] { return qrFactor(sa, sq, sr, complete != 0); },                 \
        [&] { arrayc_rt_linalg_qr_##S(ar, ad, qr, qd, rr, rd, complete, locr, locd); });   \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_svd_##S(M(a), M(u), M(s), M(v), int32_t full,      \
                                                M(loc)) {                                  \
    Stack<T> sa(A(a), 2), su(A(u), 2), sv(A(v), 2);                                        \
    Stack<Real<T>> ss(A(s), 1);                                                            \
    int64_t m = sa.dim(0), n = sa.dim(1), k = std::min(m, n);                              \
    bool fits = sa.usable() && su.usable() && ss.usable() && sv.usable() &&                \
                su.dim(0) == m && su.dim(1) == (full ? m : k) && ss.dim(0) == k &&         \
                sv.dim(0) == (full ? n : k) && sv.dim(1) == n &&                           \
                sameBatch(A(a), A(u), 2, 2) && sameBatch(A(a), A(s), 2, 1) &&              \
                sameBatch(A(a), A(v), 2, 2);                                               \
    run("svd", fits, A(loc), [&] { return svd(sa, &su, ss, &sv, full != 0); },             \
        [&] { arrayc_rt_linalg_svd_##S(ar, ad, ur, ud, sr, sd, vr, vd, full, locr, locd); }); \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_svdvals_##S(M(a), M(s), M(loc)) {                  \
    Stack<T> sa(A(a), 2);                                                                  \
    Stack<Real<T>> ss(A(s), 1);                                                            \
    bool fits = sa.usable() && ss.usable() &&                                              \
                ss.dim(0) == std::min(sa.dim(0), sa.dim(1)) && sameBatch(A(a), A(s), 2, 1); \
    run("svd", fits, A(loc), [&] { return svd<T>(sa, nullptr, ss, nullptr, false); },     \
        [&] { arrayc_rt_linalg_svdvals_##S(ar, ad, sr, sd, locr, locd); });                \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cusolver_eigh_##S(M(a), M(w), M(v), int32_t upper, M(loc)) { \
    Stack<T> sa(A(a), 2), sv(A(v), 2);                                                     \
    Stack<Real<T>> sw(A(w), 1);                                                            \
    bool fits = sa.usable() && square(sa) && sw.usable() && sv.usable() &&                 \
                sw.dim(0) == sa.dim(0) && sv.dim(0) == sa.dim(0) && sv.dim(1) == sa.dim(0) && \
                sameBatch(A(a), A(w), 2, 1) && sameBatch(A(a), A(v), 2, 2);                \
    run("eigh", fits, A(loc), [&] { return eigh(sa, sw, sv, upper != 0); },                \
        [&] { arrayc_rt_linalg_eigh_##S(ar, ad, wr, wd, vr, vd, upper, locr, locd); });    \
  }

extern "C" {
ARRAYC_RT_DEFINE_CUSOLVER(f32, float)
ARRAYC_RT_DEFINE_CUSOLVER(f64, double)
ARRAYC_RT_DEFINE_CUSOLVER(c64, std::complex<float>)
ARRAYC_RT_DEFINE_CUSOLVER(c128, std::complex<double>)
}
#undef ARRAYC_RT_DEFINE_CUSOLVER
#undef A
#undef M
