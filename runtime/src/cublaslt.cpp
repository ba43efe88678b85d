// Matrix products with an epilogue through cuBLASLt, for the products
// arrayc-linalg-to-blas matches with an elementwise epilogue on the cuda
// target (lib/Transforms/GemmEpilogue.cpp): one cublasLtMatmul computes
//
//   D = relu(alpha * (A @ B) + bias)      (bias and ReLU as `flags` ask)
//
// where the plain path runs a cuBLAS GEMM and a kernel that reads the
// product back. The plan and memref descriptors are those of the cuBLAS entry
// points (cublas.cpp, gemm_plan.h), with device pointers. cuBLASLt is loaded
// with dlopen on the first such product; its calls queue on the calling
// thread's stream.
//
// Layouts: row-major C = A B is column-major C^T = B^T A^T, so cuBLASLt's A
// is arrayc's B and its B arrayc's A, and its D (n x m, column-major) is
// arrayc's C. cuBLASLt's bias has one element per row of its D: per column of
// arrayc's C, the n elements of `x @ W + b`'s b.
//
// Descriptors and the algorithm chosen by cublasLtMatmulAlgoGetHeuristic are
// kept per shape, layout, epilogue and pointer alignment (they depend on no
// pointer but through its alignment); the bias pointer is set on the kept
// descriptor at each call.
#include "cublaslt.h"
#include "cuda_gemm.h"
#include "internal.h"

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

using namespace arrayc_rt::gemm;
using namespace arrayc_rt::cuda;

namespace {

// cuBLASLt's entry points, resolved once per process.
struct LtApi {
  void *lib = nullptr;
  decltype(&cublasLtCreate) create = nullptr;
  decltype(&cublasLtMatmulDescCreate) descCreate = nullptr;
  decltype(&cublasLtMatmulDescSetAttribute) descSet = nullptr;
  decltype(&cublasLtMatrixLayoutCreate) layoutCreate = nullptr;
  decltype(&cublasLtMatmulPreferenceCreate) prefCreate = nullptr;
  decltype(&cublasLtMatmulPreferenceSetAttribute) prefSet = nullptr;
  decltype(&cublasLtMatmulPreferenceDestroy) prefDestroy = nullptr;
  decltype(&cublasLtMatmulAlgoGetHeuristic) heuristic = nullptr;
  decltype(&cublasLtMatmul) matmul = nullptr;
};

const LtApi *ltApi() {
  static EntryPoints<LtApi> entries;
  return entries.get([](LtApi &api, std::string &error) {
    api.lib = openLibrary("cuBLASLt",
                          {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"}, error);
    if (!api.lib)
      return;
    symbol(api.lib, api.create, "cublasLtCreate", error);
    symbol(api.lib, api.descCreate, "cublasLtMatmulDescCreate", error);
    symbol(api.lib, api.descSet, "cublasLtMatmulDescSetAttribute", error);
    symbol(api.lib, api.layoutCreate, "cublasLtMatrixLayoutCreate", error);
    symbol(api.lib, api.prefCreate, "cublasLtMatmulPreferenceCreate", error);
    symbol(api.lib, api.prefSet, "cublasLtMatmulPreferenceSetAttribute", error);
    symbol(api.lib, api.prefDestroy, "cublasLtMatmulPreferenceDestroy", error);
    symbol(api.lib, api.heuristic, "cublasLtMatmulAlgoGetHeuristic", error);
    symbol(api.lib, api.matmul, "cublasLtMatmul", error);
  });
}

} // namespace

namespace arrayc_rt::cuda {

const CublasLt *cublasLt() {
  const LtApi *api = ltApi();
  if (!api)
    return nullptr;
  // One handle per device: a handle belongs to the context it was made in.
  static PerDevice<CublasLt> perDevice;
  return perDevice.get([api](CublasLt &lt) {
    lt.lib = api->lib;
    cublasStatus_t st = api->create(&lt.handle);
    return succeeded(st == CUBLAS_STATUS_SUCCESS, "cublasLtCreate", (int)st);
  });
}

} // namespace arrayc_rt::cuda

namespace {

// The epilogue flags compiled code passes (GemmEpilogue.cpp).
enum : int32_t { kBias = 1, kRelu = 2 };

void check(const char *name, cublasStatus_t st, const char *call) {
  if (st != CUBLAS_STATUS_SUCCESS)
    fail(name, std::string(call) + " failed (cuBLAS status " + std::to_string((int)st) + ")");
}

// The largest power of two (up to 256, cuBLASLt's default requirement) that
// divides the address.
uint32_t alignmentOf(const void *p) {
  auto a = reinterpret_cast<uintptr_t>(p);
  uint32_t align = 256;
  while (align > 1 && a % align)
    align /= 2;
  return align;
}

// The element and compute types of an entry point.
struct Types {
  cudaDataType_t data, scale;
  cublasComputeType_t compute;
};

// One kept configuration: descriptors and the chosen algorithm. Kept for the
// process's lifetime (a few per distinct shape of a program).
struct Config {
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t la = nullptr, lb = nullptr, ld = nullptr;
  cublasLtMatmulAlgo_t algo{};
  size_t workspace = 0;
};
// What a configuration depends on: types, cuBLASLt's A and B operations,
// m, n, k, the leading dimensions, the epilogue, the four alignments, and the
// device (its algorithm was chosen for that GPU).
using ConfigKey = std::array<int64_t, 15>;

// Workspace cuBLASLt may use (NVIDIA's recommendation for Hopper).
constexpr uint64_t kMaxWorkspace = 32u << 20;

Config makeConfig(const char *name, const LtApi &api, cublasLtHandle_t handle, const Types &t,
                  cublasOperation_t opa,
                  cublasOperation_t opb, int64_t rowsA, int64_t colsA, int64_t lda,
                  int64_t rowsB, int64_t colsB, int64_t ldb, int64_t rowsD, int64_t colsD,
                  int64_t ldd, cublasLtEpilogue_t epilogue, const void *bias,
                  const uint32_t (&align)[3]) {
  Config c;
  check(name, api.descCreate(&c.desc, t.compute, t.scale), "cublasLtMatmulDescCreate");
  int32_t ta = opa, tb = opb;
  uint32_t ep = epilogue;
  check(name, api.descSet(c.desc, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof ta),
        "cublasLtMatmulDescSetAttribute");
  check(name, api.descSet(c.desc, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof tb),
        "cublasLtMatmulDescSetAttribute");
  check(name, api.descSet(c.desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &ep, sizeof ep),
        "cublasLtMatmulDescSetAttribute");
  // The heuristic reads the bias pointer for its alignment.
  if (bias)
    check(name, api.descSet(c.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias),
          "cublasLtMatmulDescSetAttribute");
  check(name, api.layoutCreate(&c.la, t.data, rowsA, colsA, lda), "cublasLtMatrixLayoutCreate");
  check(name, api.layoutCreate(&c.lb, t.data, rowsB, colsB, ldb), "cublasLtMatrixLayoutCreate");
  check(name, api.layoutCreate(&c.ld, t.data, rowsD, colsD, ldd), "cublasLtMatrixLayoutCreate");

  cublasLtMatmulPreference_t pref = nullptr;
  check(name, api.prefCreate(&pref), "cublasLtMatmulPreferenceCreate");
  uint64_t ws = kMaxWorkspace;
  check(name, api.prefSet(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws),
        "cublasLtMatmulPreferenceSetAttribute");
  const cublasLtMatmulPreferenceAttributes_t alignAttrs[4] = {
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
      CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES};
  const uint32_t aligns[4] = {align[0], align[1], align[2], align[2]};
  for (int i = 0; i < 4; ++i)
    check(name, api.prefSet(pref, alignAttrs[i], &aligns[i], sizeof aligns[i]),
          "cublasLtMatmulPreferenceSetAttribute");
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  cublasStatus_t st =
      api.heuristic(handle, c.desc, c.la, c.lb, c.ld, c.ld, pref, 1, &result, &found);
  api.prefDestroy(pref);
  if (st != CUBLAS_STATUS_SUCCESS || found == 0)
    fail(name, "cuBLASLt has no algorithm for this product and epilogue (status " +
                   std::to_string((int)st) + ", " + std::to_string(found) + " found)");
  c.algo = result.algo;
  c.workspace = result.workspaceSize;
  return c;
}

template <typename T>
void ltEntry(const char *name, const Types &types, int64_t prank, void *pdesc, int64_t arank,
             void *adesc, int64_t brank, void *bdesc, int64_t drank, void *ddesc,
             int64_t biasRank, void *biasDesc, T alpha, int32_t flags) {
  Descriptor plan = gemmPlan(name, prank, pdesc);
  if (flags & ~(kBias | kRelu))
    fail(name, "bad epilogue flags " + std::to_string(flags));
  Descriptor v[3] = {descriptor(arank, adesc, sizeof(T)), descriptor(brank, bdesc, sizeof(T)),
                     descriptor(drank, ddesc, sizeof(T))};
  const size_t eltSizes[3] = {sizeof(T), sizeof(T), sizeof(T)};
  Shape sh = gemmShape(name, plan, v, eltSizes);
  if (sh.nbatch != 1 || !sh.batch.empty())
    fail(name, "a batch of products (the compiler sends one matrix)");
  const T *bias = nullptr;
  if (flags & kBias) {
    Descriptor b = descriptor(biasRank, biasDesc, sizeof(T));
    if (b.rank != 1 || b.sizes[0] != sh.n || (sh.n > 1 && b.strides[0] != 1))
      fail(name, "the bias is not a contiguous vector of the product's " +
                     std::to_string(sh.n) + " columns");
    bias = reinterpret_cast<const T *>(b.data);
  }
  if (sh.m == 0 || sh.n == 0)
    return;
  if (!sh.lc.direct || sh.lc.trans || (sh.k != 0 && (!sh.la.direct || !sh.lb.direct)))
    fail(name, "an operand's strides are not a row-major or transposed matrix");
  if (sh.m > INT32_MAX || sh.n > INT32_MAX || sh.k > INT32_MAX)
    fail(name, "a dimension over 2^31 - 1");
  const LtApi &api = *required(name, ltApi());
  const CublasLt *lt = required(name, cublasLt()); // the current device's handle
  CUstream s = stream();

  const void *a = sh.base[0], *b = sh.base[1];
  void *d = sh.base[2];
  Layout la = sh.la, lb = sh.lb;
  int64_t k = sh.k;
  // No terms: the epilogue of a zero product, as a product of k = 1 with
  // zeros (cuBLASLt takes no k of 0).
  DeviceBuffer zeros;
  if (k == 0) {
    zeros.allocate((sh.m + sh.n) * sizeof(T));
    if (CUresult r = cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(zeros.get()), 0,
                                     (sh.m + sh.n) * sizeof(T), s);
        r != CUDA_SUCCESS)
      fail(name, "cuMemsetD8Async failed (" + std::to_string((int)r) + ")");
    a = zeros.get<T>();
    b = zeros.get<T>() + sh.m;
    la = {true, false, 1};
    lb = {true, false, sh.n};
    k = 1;
  }
  // cuBLASLt's A: arrayc's B (k x n row-major: n x k column-major, N; or
  // stored transposed: k x n column-major, T). Its B: arrayc's A likewise.
  cublasOperation_t opa = lb.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opb = la.trans ? CUBLAS_OP_T : CUBLAS_OP_N;
  int64_t rowsA = lb.trans ? k : sh.n, colsA = lb.trans ? sh.n : k;
  int64_t rowsB = la.trans ? sh.m : k, colsB = la.trans ? k : sh.m;
  cublasLtEpilogue_t epilogue = (flags & kBias) && (flags & kRelu) ? CUBLASLT_EPILOGUE_RELU_BIAS
                                : (flags & kBias)                 ? CUBLASLT_EPILOGUE_BIAS
                                : (flags & kRelu)                 ? CUBLASLT_EPILOGUE_RELU
                                                                  : CUBLASLT_EPILOGUE_DEFAULT;
  const uint32_t align[3] = {alignmentOf(b), alignmentOf(a), alignmentOf(d)};
  ConfigKey key = {(int64_t)types.compute, (int64_t)types.data, opa, opb, sh.m, sh.n, k,
                   lb.ld, la.ld, sh.lc.ld, (int64_t)epilogue, align[0], align[1],
                   (int64_t)align[2] << 16 | (bias ? alignmentOf(bias) : 0),
                   (int64_t)currentDevice()};

  static std::mutex mutex;
  static std::map<ConfigKey, Config> configs;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = configs.find(key);
  if (it == configs.end())
    it = configs
             .emplace(key, makeConfig(name, api, lt->handle, types, opa, opb, rowsA, colsA, lb.ld, rowsB,
                                      colsB, la.ld, sh.n, sh.m, sh.lc.ld, epilogue, bias, align))
             .first;
  const Config &c = it->second;
  if (bias)
    check(name, api.descSet(c.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias),
          "cublasLtMatmulDescSetAttribute");
  DeviceBuffer workspace;
  if (c.workspace)
    workspace.allocate(c.workspace);
  const T zero = 0;
  check(name,
        api.matmul(lt->handle, c.desc, &alpha, b, c.la, a, c.lb, &zero, d, c.ld, d, c.ld,
                   &c.algo, workspace.get(), c.workspace, reinterpret_cast<cudaStream_t>(s)),
        "cublasLtMatmul");
}

const Types kF32{CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F};
const Types kTF32{CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32};
const Types kF64{CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F};

} // namespace

extern "C" {

// (plan, A, B, D, bias, alpha, flags): D = relu(alpha * (A @ B) + bias), the
// bias (read only with flags & 1) a vector of D's columns, the ReLU with
// flags & 2. Errors (no cuBLASLt, no algorithm, a layout it cannot take)
// are reported as the cuBLAS entry points report theirs.
#define ARRAYC_RT_DEFINE_CUBLAS_LT_GEMM(S, T, TYPES)                                       \
  ARRAYC_RT_API void arrayc_rt_cublas_lt_gemm_##S(                                         \
      int64_t prank, void *pdesc, int64_t arank, void *adesc, int64_t brank, void *bdesc,  \
      int64_t drank, void *ddesc, int64_t biasRank, void *biasDesc, T alpha,               \
      int32_t flags) {                                                                     \
    ltEntry<T>("arrayc_rt_cublas_lt_gemm_" #S, TYPES, prank, pdesc, arank, adesc, brank,   \
               bdesc, drank, ddesc, biasRank, biasDesc, alpha, flags);                     \
  }
ARRAYC_RT_DEFINE_CUBLAS_LT_GEMM(f32, float, kF32)
ARRAYC_RT_DEFINE_CUBLAS_LT_GEMM(tf32, float, kTF32)
ARRAYC_RT_DEFINE_CUBLAS_LT_GEMM(f64, double, kF64)
#undef ARRAYC_RT_DEFINE_CUBLAS_LT_GEMM

} // extern "C"
