// What the GPU matrix-product entry points share (cublas.cpp, cublaslt.cpp):
// reading the plan arrayc-linalg-to-blas passes and resolving it against the
// three operands' memref descriptors (gemm_plan.h), with device pointers. A
// bad plan or operands it does not fit are the failure of the entry point
// `name` (cuda_libs.h's fail).
#ifndef ARRAYC_RT_CUDA_GEMM_H
#define ARRAYC_RT_CUDA_GEMM_H

#include "cuda_libs.h"
#include "gemm_plan.h"

#include <string>

namespace arrayc_rt::cuda {

// The plan: a contiguous vector of int64.
inline Descriptor gemmPlan(const char *name, int64_t prank, void *pdesc) {
  Descriptor plan = descriptor(prank, pdesc, sizeof(int64_t));
  if (prank != 1 || !plan.data || plan.strides[0] != 1)
    fail(name, "bad plan");
  return plan;
}

// The product's shape: `plan` resolved against A, B and the result, whose
// elements are eltSizes bytes.
inline gemm::Shape gemmShape(const char *name, const Descriptor &plan,
                             const Descriptor (&v)[3], const size_t (&eltSizes)[3]) {
  gemm::Operand ops[3];
  for (int o = 0; o < 3; ++o)
    ops[o] = {v[o].rank, v[o].sizes, v[o].strides, v[o].data};
  gemm::Shape sh;
  std::string err;
  if (gemm::resolve(reinterpret_cast<const int64_t *>(plan.data), plan.sizes[0], ops, eltSizes,
                    sh, err) != ARRAYC_RT_OK)
    fail(name, err);
  return sh;
}

} // namespace arrayc_rt::cuda

#endif // ARRAYC_RT_CUDA_GEMM_H
