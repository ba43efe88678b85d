// Scatters on the GPU: the cuda target's twin of index.cpp's
// `arrayc_rt_scatter_<T>` (`a[idx] = v`, `a[mask] = v` with an array of
// values, `np.add.at`, `np.bincount`), with the same arguments, called by
// convert-ndarray-to-runtime with cuda=1 (lib/Conversion/NDArrayToRuntime/
// IndexCalls.cpp). Before, the cuda target staged the destination, indices
// and values through the host and looped there: a copy of the whole
// destination each way per scatter (the LU factorisation's row swap), and a
// host loop over 2^24 indices for a histogram (0.25 s where CuPy takes 1 ms).
//
// Everything runs on device memory, on the calling thread's stream, scratch
// from the pool; nothing waits. The result is the destination copied, then:
// - accumulate (`np.add.at`, bincount): one thread per index adds its value
//   atomically (into a block's copy in shared memory first when the
//   destination is a small integer array: a histogram) (native atomicAdd for 32/64-bit integers, f32 and f64; a
//   compare-and-swap loop on the enclosing 32-bit word for 8/16-bit integers,
//   f16 and bf16, each addition rounded to the dtype as NumPy's; complex as
//   two real additions; bool as logical or). Floating-point sums are added
//   in an order the hardware picks, so they may differ from NumPy's
//   sequential order in the last bits;
// - assignment: the last value for a repeated index wins, as on the host:
//   each position first records the largest k that targets it (atomicMax on
//   a per-position word, -1 to start), then only that k stores.
// Indices are wrapped once from the end (i < 0: i + n). The compiled code
// checks them against the destination before the call (a located error);
// an index still out of range here is skipped, never written.
//
// Operands that are not device memory, ranks above kMaxRank and a result
// that is not C-contiguous go to the host entry point (index.cpp).
#include "cuda_index.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <type_traits>

using namespace arrayc_rt;
using namespace arrayc_rt::cuda;
using namespace arrayc_rt::cuda_index;

namespace {

// ---- element types and their atomic addition -------------------------------

// The element types the kernels take: the C++ type of each real dtype, and
// tags for the ones whose storage differs from their arithmetic.
struct Half { uint16_t bits; };
struct BFloat { uint16_t bits; };
template <class R> struct Complex { R re, im; };

// Replaces the T at `p` by op(old) atomically: a compare-and-swap loop on the
// aligned 32-bit word that holds it (for T of 1 or 2 bytes).
template <class T, class Op> __device__ void casUpdate(T *p, Op op) {
  static_assert(sizeof(T) < 4, "for sub-word types");
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  unsigned *word = reinterpret_cast<unsigned *>(a & ~uintptr_t(3));
  unsigned shift = unsigned(a & 3) * 8;
  unsigned mask = ((1u << (8 * sizeof(T))) - 1) << shift;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    T cur;
    unsigned bits = (assumed & mask) >> shift;
    memcpy(&cur, &bits, sizeof(T));
    T next = op(cur);
    unsigned nbits = 0;
    memcpy(&nbits, &next, sizeof(T));
    old = atomicCAS(word, assumed, (assumed & ~mask) | ((nbits << shift) & mask));
  } while (assumed != old);
}

template <class T> __device__ void atomicAccumulate(T *p, T v) {
  if constexpr (std::is_same_v<T, bool>) {
    if (v)
      *reinterpret_cast<volatile uint8_t *>(p) = 1; // every writer stores the same 1
  } else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> ||
                       std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>) {
    atomicAdd(p, v);
  } else if constexpr (std::is_integral_v<T> && sizeof(T) == 8) {
    // Two's complement: the unsigned sum is the signed one, wrapped as NumPy's.
    atomicAdd(reinterpret_cast<unsigned long long *>(p), (unsigned long long)v);
  } else if constexpr (std::is_integral_v<T>) {
    casUpdate(p, [v](T cur) { return T(cur + v); });
  } else if constexpr (std::is_same_v<T, Half>) {
    casUpdate(p, [v](Half cur) {
      float s = __half2float(__ushort_as_half(cur.bits)) + __half2float(__ushort_as_half(v.bits));
      return Half{__half_as_ushort(__float2half_rn(s))};
    });
  } else if constexpr (std::is_same_v<T, BFloat>) {
    casUpdate(p, [v](BFloat cur) {
      float s = __bfloat162float(__ushort_as_bfloat16(cur.bits)) +
                __bfloat162float(__ushort_as_bfloat16(v.bits));
      return BFloat{__bfloat16_as_ushort(__float2bfloat16_rn(s))};
    });
  } else {
    atomicAdd(&p->re, v.re);
    atomicAdd(&p->im, v.im);
  }
}

// Calls f(T{}) for the element type of `dtype`; false for an unknown code.
template <class F> bool withElementType(int32_t dtype, F f) {
  if (withRealType(dtype, f))
    return true;
  switch (dtype) {
  case ARRAYC_RT_F16: f(Half{}); return true;
  case ARRAYC_RT_BF16: f(BFloat{}); return true;
  case ARRAYC_RT_C64: f(Complex<float>{}); return true;
  case ARRAYC_RT_C128: f(Complex<double>{}); return true;
  default: return false;
  }
}

// ---- kernels ----------------------------------------------------------------

template <class T>
__global__ void copyStrided(const char *base, Layout in, int64_t n, T *out) {
  ARRAYC_GRID_STRIDE(i, n) { out[i] = reinterpret_cast<const T *>(base)[in.offset(i)]; }
}

// The k-th index as a position in [0, n), or -1 when out of range.
__device__ int64_t position(const char *idx, const Layout &il, int64_t k, int64_t n) {
  int64_t at = reinterpret_cast<const int64_t *>(idx)[il.offset(k)];
  at = at < 0 ? at + n : at;
  return at >= 0 && at < n ? at : -1;
}

template <class T>
__global__ void accumulateAt(T *out, int64_t n, const char *idx, Layout il, const char *upd,
                             Layout ul, int64_t count) {
  ARRAYC_GRID_STRIDE(k, count) {
    int64_t at = position(idx, il, k, n);
    if (at >= 0)
      atomicAccumulate(out + at, reinterpret_cast<const T *>(upd)[ul.offset(k)]);
  }
}

// A histogram's accumulation (an integer destination small enough for a
// block's shared memory): each block adds into its own copy in shared
// memory, then adds the nonzero totals to the result. The global atomics of
// 2^24 counts into 256 bins contend on 256 words: 4.3 ms on an H100 where
// one pass over the indices takes ~0.1 ms. Integers only: their sums are
// exact in any grouping, and skipping a zero total changes nothing (a float
// -0.0 destination plus +0.0 updates would keep its sign).
template <class T>
__global__ void accumulateShared(T *out, int64_t n, const char *idx, Layout il, const char *upd,
                                 Layout ul, int64_t count) {
  extern __shared__ __align__(16) unsigned char smem[];
  T *local = reinterpret_cast<T *>(smem);
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x)
    local[i] = T(0);
  __syncthreads();
  ARRAYC_GRID_STRIDE(k, count) {
    int64_t at = position(idx, il, k, n);
    if (at >= 0)
      atomicAccumulate(local + at, reinterpret_cast<const T *>(upd)[ul.offset(k)]);
  }
  __syncthreads();
  for (int64_t i = threadIdx.x; i < n; i += blockDim.x)
    if (local[i] != T(0))
      atomicAccumulate(out + i, local[i]);
}
constexpr size_t kSharedBins = 32 * 1024; // bytes of shared memory per block
constexpr unsigned kSharedBlocks = 1024;  // blocks of the shared-memory path

// Last writer wins: the largest k per position, then that k's store.
template <class K>
__global__ void claimPositions(K *winner, int64_t n, const char *idx, Layout il,
                               int64_t count) {
  ARRAYC_GRID_STRIDE(k, count) {
    int64_t at = position(idx, il, k, n);
    if (at >= 0)
      atomicMax(winner + at, (K)k);
  }
}
template <class T, class K>
__global__ void storeWinners(T *out, int64_t n, const K *winner, const char *idx, Layout il,
                             const char *upd, Layout ul, int64_t count) {
  ARRAYC_GRID_STRIDE(k, count) {
    int64_t at = position(idx, il, k, n);
    if (at >= 0 && (winner == nullptr || winner[at] == (K)k))
      out[at] = reinterpret_cast<const T *>(upd)[ul.offset(k)];
  }
}

// ---- the call ---------------------------------------------------------------

template <class T>
arrayc_rt_status scatterOnDevice(const Operand &dest, const Operand &idx, const Operand &upd,
                                 const Operand &out, bool add) {
  int64_t n = out.count, count = idx.count;
  if (n == 0)
    return ARRAYC_RT_OK;
  makeContextCurrent();
  cudaStream_t s = reinterpret_cast<cudaStream_t>(stream());
  T *o = reinterpret_cast<T *>(out.data);
  if (dest.data != out.data) {
    if (dest.layout.contiguous)
      ARRAYC_RT_TRY(cudaCheck(cudaMemcpyAsync(o, dest.data, n * sizeof(T),
                                              cudaMemcpyDeviceToDevice, s),
                              "copying the scatter's destination"));
    else
      copyStrided<T><<<blocksFor(n), kThreads, 0, s>>>(dest.data, dest.layout, n, o);
  }
  if (count == 0)
    return cudaCheck(cudaGetLastError(), "copying the scatter's destination");
  unsigned grid = blocksFor(count);
  if constexpr (std::is_integral_v<T> && sizeof(T) >= 4) {
    if (add && n * sizeof(T) <= kSharedBins) {
      accumulateShared<T><<<std::min(grid, kSharedBlocks), kThreads, n * sizeof(T), s>>>(
          o, n, idx.data, idx.layout, upd.data, upd.layout, count);
      return cudaCheck(cudaGetLastError(), "the scatter-add kernel");
    }
  }
  if (add) {
    accumulateAt<T><<<grid, kThreads, 0, s>>>(o, n, idx.data, idx.layout, upd.data,
                                              upd.layout, count);
    return cudaCheck(cudaGetLastError(), "the scatter-add kernel");
  }
  if (count == 1) { // one index: nothing to arbitrate
    storeWinners<T, int><<<1, kThreads, 0, s>>>(o, n, nullptr, idx.data, idx.layout,
                                                upd.data, upd.layout, count);
    return cudaCheck(cudaGetLastError(), "the scatter kernel");
  }
  auto arbitrated = [&](auto key) -> arrayc_rt_status {
    using K = decltype(key);
    DeviceBuffer winner(n * sizeof(K));
    ARRAYC_RT_TRY(cudaCheck(cudaMemsetAsync(winner.get(), 0xff, n * sizeof(K), s),
                            "clearing the scatter's claims"));
    claimPositions<K><<<grid, kThreads, 0, s>>>(winner.get<K>(), n, idx.data, idx.layout,
                                                count);
    storeWinners<T, K><<<grid, kThreads, 0, s>>>(o, n, winner.get<K>(), idx.data, idx.layout,
                                                 upd.data, upd.layout, count);
    return cudaCheck(cudaGetLastError(), "the scatter kernels");
  };
  // -1 (all bits set) starts every claim below k = 0.
  return count <= INT_MAX ? arbitrated(int{}) : arbitrated(static_cast<long long>(0));
}

bool scatter(int64_t dr, void *dd, int64_t ir, void *id, int64_t ur, void *ud, int64_t outr,
             void *outd, int32_t dtype, bool add, arrayc_rt_status &st) {
  size_t es = sizeOf(dtype);
  Operand dest, idx, upd, out;
  if (!es || !dest.init(dr, dd, es) || !idx.init(ir, id, sizeof(int64_t)) ||
      !upd.init(ur, ud, es) || !out.init(outr, outd, es) || !out.layout.contiguous ||
      dest.count != out.count || !dest.onDevice() || !idx.onDevice() || !upd.onDevice() ||
      !out.onDevice())
    return false;
  if (idx.count != upd.count) {
    st = setError(ARRAYC_RT_ERR_SHAPE, "%lld indices but %lld values", (long long)idx.count,
                  (long long)upd.count);
    return true;
  }
  return withElementType(dtype, [&](auto t) {
    st = scatterOnDevice<decltype(t)>(dest, idx, upd, out, add);
  });
}

} // namespace

#define M(x) int64_t x##r, void *x##d

extern "C" {

#define ARRAYC_RT_DEFINE_CUDA_SCATTER(T)                                                   \
  ARRAYC_RT_API void arrayc_rt_cub_scatter_##T(M(dest), M(idx), M(upd), M(out),            \
                                               int32_t dtype, int32_t accumulate, M(loc)) { \
    run(                                                                                   \
        "scatter", locr, locd,                                                             \
        [&](arrayc_rt_status &st) {                                                        \
          return scatter(destr, destd, idxr, idxd, updr, updd, outr, outd, dtype,          \
                         accumulate != 0, st);                                             \
        },                                                                                 \
        [&] {                                                                              \
          arrayc_rt_scatter_##T(destr, destd, idxr, idxd, updr, updd, outr, outd, dtype,   \
                                accumulate, locr, locd);                                   \
        });                                                                                \
  }

ARRAYC_RT_FOR_EACH_INDEX_STORAGE(ARRAYC_RT_DEFINE_CUDA_SCATTER)
#undef ARRAYC_RT_DEFINE_CUDA_SCATTER

} // extern "C"
