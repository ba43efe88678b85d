// Matrix products on the GPU through cuBLAS, for arrayc-linalg-to-blas on the
// cuda target: the same plan and memref descriptors as the OpenBLAS entry
// points (blas.cpp, gemm_plan.h), with device pointers. cuBLAS is loaded with
// dlopen on the first product, so programs without one (and machines without
// cuBLAS) never need it; its calls queue on the runtime's stream.
//
// The compiler sends only products it knows GEMM can address with beta = 0
// (row-major or transposed operands with identity layouts, a zero fill of the
// result folded in); anything else is reported, never computed wrongly.
#include "cuda_gemm.h"

#include <algorithm>
#include <climits>
#include <complex>
#include <cstdio>
#include <string>
#include <type_traits>

using namespace arrayc_rt::gemm;

using namespace arrayc_rt::cuda;

namespace {

struct CublasApi {
  decltype(&cublasSetStream_v2) setStream = nullptr;
  decltype(&cublasSgemm_v2) sgemm = nullptr;
  decltype(&cublasDgemm_v2) dgemm = nullptr;
  decltype(&cublasCgemm_v2) cgemm = nullptr;
  decltype(&cublasZgemm_v2) zgemm = nullptr;
  // cublasGemmEx, C signature (the header also declares a C++ overload).
  cublasStatus_t (*gemmEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                           const void *, const void *, cudaDataType, int, const void *,
                           cudaDataType, int, const void *, void *, cudaDataType, int,
                           cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
  // The strided-batched forms: one call for a batch whose elements sit at
  // uniform strides from each other.
  decltype(&cublasSgemmStridedBatched) sgemmBatched = nullptr;
  decltype(&cublasDgemmStridedBatched) dgemmBatched = nullptr;
  decltype(&cublasCgemmStridedBatched) cgemmBatched = nullptr;
  decltype(&cublasZgemmStridedBatched) zgemmBatched = nullptr;
  cublasStatus_t (*gemmBatchedEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int,
                                  int, int, const void *, const void *, cudaDataType, int,
                                  long long, const void *, cudaDataType, int, long long,
                                  const void *, void *, cudaDataType, int, long long, int,
                                  cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};

// The GEMM entry points of the process's cuBLAS (the failure of `name` when
// they cannot be loaded).
const CublasApi &gemmApi(const char *name) {
  static EntryPoints<CublasApi> entries;
  return *required(name, entries.get([](CublasApi &api, std::string &error) {
    void *lib = cublasLibrary(error);
    if (!lib)
      return;
    symbol(lib, api.setStream, "cublasSetStream_v2", error);
    symbol(lib, api.sgemm, "cublasSgemm_v2", error);
    symbol(lib, api.dgemm, "cublasDgemm_v2", error);
    symbol(lib, api.cgemm, "cublasCgemm_v2", error);
    symbol(lib, api.zgemm, "cublasZgemm_v2", error);
    symbol(lib, api.gemmEx, "cublasGemmEx", error);
    symbol(lib, api.sgemmBatched, "cublasSgemmStridedBatched", error);
    symbol(lib, api.dgemmBatched, "cublasDgemmStridedBatched", error);
    symbol(lib, api.cgemmBatched, "cublasCgemmStridedBatched", error);
    symbol(lib, api.zgemmBatched, "cublasZgemmStridedBatched", error);
    symbol(lib, api.gemmBatchedEx, "cublasGemmStridedBatchedEx", error);
  }));
}

// Row-major C = A B is column-major C^T = B^T A^T: cuBLAS gets B first.
// `count` products whose operands lie sb, sa, sc elements apart (strided-
// batched GEMM; a stride of 0 repeats that operand); count 1 is plain GEMM.
struct Batch {
  long long sb = 0, sa = 0, sc = 0;
  int count = 1;
};
cublasStatus_t gemmCall(const CublasApi &api, cublasHandle_t h,
                        cublasOperation_t opb, cublasOperation_t opa,
                        int n, int m, int k, const float *b, int ldb, const float *a, int lda,
                        float *c, int ldc, const Batch &bt) {
  const float one = 1, zero = 0;
  if (bt.count == 1)
    return api.sgemm(h, opb, opa, n, m, k, &one, b, ldb, a, lda, &zero, c, ldc);
  return api.sgemmBatched(h, opb, opa, n, m, k, &one, b, ldb, bt.sb, a, lda, bt.sa,
                          &zero, c, ldc, bt.sc, bt.count);
}
cublasStatus_t gemmCall(const CublasApi &api, cublasHandle_t h,
                        cublasOperation_t opb, cublasOperation_t opa,
                        int n, int m, int k, const double *b, int ldb, const double *a,
                        int lda, double *c, int ldc, const Batch &bt) {
  const double one = 1, zero = 0;
  if (bt.count == 1)
    return api.dgemm(h, opb, opa, n, m, k, &one, b, ldb, a, lda, &zero, c, ldc);
  return api.dgemmBatched(h, opb, opa, n, m, k, &one, b, ldb, bt.sb, a, lda, bt.sa,
                          &zero, c, ldc, bt.sc, bt.count);
}
cublasStatus_t gemmCall(const CublasApi &api, cublasHandle_t h,
                        cublasOperation_t opb, cublasOperation_t opa,
                        int n, int m, int k, const std::complex<float> *b, int ldb,
                        const std::complex<float> *a, int lda, std::complex<float> *c,
                        int ldc, const Batch &bt) {
  const cuComplex one{1, 0}, zero{0, 0};
  auto *cb = reinterpret_cast<const cuComplex *>(b);
  auto *ca = reinterpret_cast<const cuComplex *>(a);
  auto *cc = reinterpret_cast<cuComplex *>(c);
  if (bt.count == 1)
    return api.cgemm(h, opb, opa, n, m, k, &one, cb, ldb, ca, lda, &zero, cc, ldc);
  return api.cgemmBatched(h, opb, opa, n, m, k, &one, cb, ldb, bt.sb, ca, lda, bt.sa,
                          &zero, cc, ldc, bt.sc, bt.count);
}
cublasStatus_t gemmCall(const CublasApi &api, cublasHandle_t h,
                        cublasOperation_t opb, cublasOperation_t opa,
                        int n, int m, int k, const std::complex<double> *b, int ldb,
                        const std::complex<double> *a, int lda, std::complex<double> *c,
                        int ldc, const Batch &bt) {
  const cuDoubleComplex one{1, 0}, zero{0, 0};
  auto *cb = reinterpret_cast<const cuDoubleComplex *>(b);
  auto *ca = reinterpret_cast<const cuDoubleComplex *>(a);
  auto *cc = reinterpret_cast<cuDoubleComplex *>(c);
  if (bt.count == 1)
    return api.zgemm(h, opb, opa, n, m, k, &one, cb, ldb, ca, lda, &zero, cc, ldc);
  return api.zgemmBatched(h, opb, opa, n, m, k, &one, cb, ldb, bt.sb, ca, lda, bt.sa,
                          &zero, cc, ldc, bt.sc, bt.count);
}

// Products through cublasGemmEx / cublasGemmStridedBatchedEx, f32
// accumulation (alpha, beta f32):
// - f16/bf16 inputs (2-byte storage types) with an f32 result, as the
//   compiler's widened products (extf, mulf, addf in f32) compute them, or
//   with an f16/bf16 result rounded once from the f32 accumulation;
// - TF32: f32 storage whose products use the TF32 tensor cores (inputs
//   rounded to a 10-bit mantissa): `--tf32`.
struct F16 { uint16_t bits; };
struct BF16 { uint16_t bits; };
struct TF32 { float value; };
template <typename T> constexpr cudaDataType_t cudaTypeOf();
template <> constexpr cudaDataType_t cudaTypeOf<F16>() { return CUDA_R_16F; }
template <> constexpr cudaDataType_t cudaTypeOf<BF16>() { return CUDA_R_16BF; }
template <> constexpr cudaDataType_t cudaTypeOf<TF32>() { return CUDA_R_32F; }
template <> constexpr cudaDataType_t cudaTypeOf<float>() { return CUDA_R_32F; }
template <typename T, typename C,
          typename = std::enable_if_t<std::is_same_v<T, F16> || std::is_same_v<T, BF16> ||
                                      std::is_same_v<T, TF32>>>
cublasStatus_t gemmCall(const CublasApi &api, cublasHandle_t h,
                        cublasOperation_t opb, cublasOperation_t opa,
                        int n, int m, int k, const T *b, int ldb, const T *a, int lda, C *c,
                        int ldc, const Batch &bt) {
  const float one = 1, zero = 0;
  cublasComputeType_t compute =
      std::is_same_v<T, TF32> ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
  if (bt.count == 1)
    return api.gemmEx(h, opb, opa, n, m, k, &one, b, cudaTypeOf<T>(), ldb, a,
                      cudaTypeOf<T>(), lda, &zero, c, cudaTypeOf<C>(), ldc, compute,
                      CUBLAS_GEMM_DEFAULT);
  return api.gemmBatchedEx(h, opb, opa, n, m, k, &one, b, cudaTypeOf<T>(), ldb, bt.sb,
                           a, cudaTypeOf<T>(), lda, bt.sa, &zero, c, cudaTypeOf<C>(), ldc,
                           bt.sc, bt.count, compute, CUBLAS_GEMM_DEFAULT);
}

// T: the inputs' element type, C: the result's (T unless widened).
template <typename T, typename C = T>
void cublasEntry(const char *name, int64_t prank, void *pdesc, int64_t arank, void *adesc,
                 int64_t brank, void *bdesc, int64_t crank, void *cdesc, int32_t accumulate) {
  Descriptor plan = gemmPlan(name, prank, pdesc);
  if (accumulate)
    fail(name, "accumulating into the result is not supported on the GPU");
  Descriptor v[3] = {descriptor(arank, adesc, sizeof(T)), descriptor(brank, bdesc, sizeof(T)),
                     descriptor(crank, cdesc, sizeof(C))};
  const size_t eltSizes[3] = {sizeof(T), sizeof(T), sizeof(C)};
  Shape sh = gemmShape(name, plan, v, eltSizes);
  if (sh.nbatch == 0 || sh.m == 0 || sh.n == 0)
    return;
  if (!sh.lc.direct || (sh.k != 0 && (!sh.la.direct || !sh.lb.direct)))
    fail(name, "an operand's strides are not a row-major or transposed matrix");
  if (sh.k == 0) {
    // Nothing to multiply: the result is zeros.
    // (A and B have no elements then: their strides do not matter.)
    int64_t rows = sh.lc.trans ? sh.n : sh.m, cols = sh.lc.trans ? sh.m : sh.n;
    sh.forEachBatch(eltSizes, [&](char *, char *, char *c) {
      CUresult r = cuMemsetD2D8Async(reinterpret_cast<CUdeviceptr>(c), sh.lc.ld * sizeof(C), 0,
                                     cols * sizeof(C), rows, stream());
      if (r != CUDA_SUCCESS)
        fail(name, "cuMemsetD2D8Async failed (" + std::to_string((int)r) + ")");
    });
    return;
  }
  const CublasApi &api = gemmApi(name);
  // On the calling thread's current stream (arrayc_rt_set_current_stream).
  cublasHandle_t handle = required(name, cublasOnStream()); // the current device's
  cublasOperation_t opa = sh.la.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opb = sh.lb.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  // The batch as few strided-batched calls as its strides allow: one when
  // the batch loops collapse to one uniform stride per operand, else one per
  // element of the loops that do not (and per INT_MAX elements).
  const StridedBatch sb(sh);
  sb.forEachOuter(sh, eltSizes, [&](char *a, char *b, char *c) {
    for (int64_t done = 0; done < sb.inner.size;) {
      Batch bt{sb.inner.stride[1], sb.inner.stride[0], sb.inner.stride[2],
               (int)std::min<int64_t>(sb.inner.size - done, INT_MAX)};
      cublasStatus_t st = gemmCall(
          api, handle, opb, opa, (int)sh.n, (int)sh.m, (int)sh.k,
          reinterpret_cast<const T *>(b + done * sb.inner.stride[1] * (int64_t)sizeof(T)),
          (int)sh.lb.ld,
          reinterpret_cast<const T *>(a + done * sb.inner.stride[0] * (int64_t)sizeof(T)),
          (int)sh.la.ld,
          reinterpret_cast<C *>(c + done * sb.inner.stride[2] * (int64_t)sizeof(C)),
          (int)sh.lc.ld, bt);
      if (st != CUBLAS_STATUS_SUCCESS)
        fail(name, "cuBLAS GEMM failed (status " + std::to_string((int)st) + ")");
      done += bt.count;
    }
  });
}

} // namespace

extern "C" {

#define ARRAYC_RT_DEFINE_CUBLAS_GEMM(S, ...)                                              \
  ARRAYC_RT_API void arrayc_rt_cublas_gemm_##S(int64_t prank, void *pdesc, int64_t arank,  \
                                               void *adesc, int64_t brank, void *bdesc,    \
                                               int64_t crank, void *cdesc,                 \
                                               int32_t accumulate) {                       \
    cublasEntry<__VA_ARGS__>("arrayc_rt_cublas_gemm_" #S, prank, pdesc, arank, adesc,      \
                             brank, bdesc, crank, cdesc, accumulate);                      \
  }
ARRAYC_RT_DEFINE_CUBLAS_GEMM(f32, float)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(f64, double)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(c64, std::complex<float>)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(c128, std::complex<double>)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(f16f32, F16, float)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(bf16f32, BF16, float)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(tf32, TF32, float)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(f16, F16)
ARRAYC_RT_DEFINE_CUBLAS_GEMM(bf16, BF16)
#undef ARRAYC_RT_DEFINE_CUBLAS_GEMM

} // extern "C"
