// What the device twins of index.cpp's entry points share (cub_index.cu:
// sort and compaction through CUB; scatter.cu: scatters and ufunc.at):
// memref operands addressed by C-order linear index, CUDA runtime errors as
// runtime statuses, grid-stride launches, and the call wrapper that reports
// a failure at the program's location or hands the operands to the host
// entry point when the device cannot take them.
#ifndef ARRAYC_RT_CUDA_INDEX_H
#define ARRAYC_RT_CUDA_INDEX_H

#include "cuda_libs.h"
#include "internal.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace arrayc_rt::cuda_index {

using cuda::Descriptor;

constexpr int kMaxRank = 8;
constexpr int kThreads = 256;

// Strided addressing of a memref by C-order linear index, passed to kernels
// by value.
struct Layout {
  int rank = 0;
  bool contiguous = true;
  int64_t sizes[kMaxRank] = {};
  int64_t strides[kMaxRank] = {};
  __host__ __device__ int64_t offset(int64_t i) const {
    if (contiguous)
      return i;
    int64_t off = 0;
    for (int d = rank - 1; d >= 0; --d) {
      off += (i % sizes[d]) * strides[d];
      i /= sizes[d];
    }
    return off;
  }
};

// One memref operand: its device address of element 0, layout and count.
struct Operand {
  char *data = nullptr;
  Layout layout;
  int64_t count = 1;
  int64_t lastDim = 1;
  // False when the operand cannot be addressed here (rank, size).
  bool init(int64_t rank, void *desc, size_t elemSize) {
    if (rank > kMaxRank)
      return false;
    Descriptor d = cuda::descriptor(rank, desc, elemSize);
    data = d.data;
    layout.rank = (int)rank;
    int64_t expect = 1;
    for (int64_t k = rank - 1; k >= 0; --k) {
      if (d.sizes[k] < 0)
        return false;
      layout.sizes[k] = d.sizes[k];
      layout.strides[k] = d.strides[k];
      if (d.sizes[k] != 1 && d.strides[k] != expect)
        layout.contiguous = false;
      expect *= d.sizes[k];
    }
    count = expect;
    lastDim = rank ? d.sizes[rank - 1] : 1;
    return true;
  }
  // Empty operands need no memory; the others must be device memory.
  bool onDevice() const { return count == 0 || (data && cuda::isDeviceMemory(data)); }
};

inline arrayc_rt_status cudaCheck(cudaError_t e, const char *call) {
  if (e == cudaSuccess)
    return ARRAYC_RT_OK;
  return setError(e == cudaErrorMemoryAllocation ? ARRAYC_RT_ERR_NOMEM : ARRAYC_RT_ERR_DEVICE,
                  "%s failed: %s", call, cudaGetErrorString(e));
}

// Grid-stride launch shape for n items.
inline unsigned blocksFor(int64_t n) {
  int64_t b = (n + kThreads - 1) / kThreads;
  return (unsigned)(b < 1 ? 1 : b > 65535 * 8 ? 65535 * 8 : b);
}
#define ARRAYC_GRID_STRIDE(i, n)                                                           \
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < (n);                 \
       i += (int64_t)gridDim.x * blockDim.x)

inline size_t sizeOf(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->size : 0;
}

// Runs `device` and reports its failure as "<op>: <message>" at the
// location; `host` (index.cpp's entry point) when the device cannot take it.
template <class Device, class Host>
void run(const char *op, int64_t lrank, void *ldesc, Device device, Host host) {
  arrayc_rt_status st = ARRAYC_RT_OK;
  if (!device(st))
    return host();
  if (st == ARRAYC_RT_OK)
    return;
  std::string msg = std::string(op) + ": " + arrayc_rt_last_error();
  arrayc_rt_fatal(memrefString(lrank, ldesc).c_str(), msg.c_str());
}


} // namespace arrayc_rt::cuda_index

#endif // ARRAYC_RT_CUDA_INDEX_H
