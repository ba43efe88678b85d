// Sorting and compaction on the GPU through CUB (it ships with CUDA): the
// cuda target's twins of index.cpp's `arrayc_rt_sort_<T>`,
// `arrayc_rt_argsort_<T>` and `arrayc_rt_compress_<T>`, with the same
// arguments, called by convert-ndarray-to-runtime with cuda=1
// (lib/Conversion/NDArrayToRuntime/IndexCalls.cpp).
//
// Everything runs on device memory, on the calling thread's stream, with
// scratch (keys, indices, CUB's temporary storage) from the runtime's pool;
// nothing is copied to the host and nothing waits. CUB uses the CUDA runtime
// API, which takes the context current on the thread: the runtime's primary
// context (made current first), the one the driver-API code uses.
//
// - sort/argsort: cub::DeviceRadixSort (stable) on order-preserving keys:
//   unsigned integers and bool as they are, signed integers with the sign
//   bit flipped, floats with every NaN made the canonical quiet NaN, which
//   CUB's float order puts after +inf (NumPy's "NaN last"; -0.0 and +0.0 are
//   equal keys to CUB, so ties keep their order as in NumPy's stable sort).
//   One row: SortKeys (sort) or SortPairs with the positions (argsort).
//   Several rows (the last axis of a rank > 1 array): SortPairs of every
//   element with its flat position, then a stable SortPairs by row number
//   (only the bits rows - 1 needs), which leaves each row's elements sorted
//   and contiguous; the result is gathered from those positions.
// - compress: cub::DeviceSelect::Flagged from the strided input and mask
//   into the result, whose size (the true count) the compiled code computed
//   before; writes past it are dropped, so a wrong count cannot overrun it.
//
// Operands that are not device memory, ranks above kMaxRank, a result that
// is not C-contiguous and dtypes without a CUB key (f16, bf16, complex: the
// frontend rejects sorting them) go to the host entry point (index.cpp),
// which stages them through the host as before.
#include "cuda_index.h"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <cuda_runtime.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/tabulate_output_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

using namespace arrayc_rt;
using namespace arrayc_rt::cuda;
using namespace arrayc_rt::cuda_index;

namespace {

// ---- keys -------------------------------------------------------------------

// How a dtype's values become CUB keys and back (Key: the type CUB sorts).
template <class Src, class = void> struct Order {
  // Unsigned integers and bool: as they are.
  using Key = Src;
  __device__ static Key key(Src v) { return v; }
  __device__ static Src value(Key k) { return k; }
};
template <class Src>
struct Order<Src, std::enable_if_t<std::is_integral_v<Src> && std::is_signed_v<Src>>> {
  // Signed integers: the sign bit flipped, so unsigned order is signed order.
  using Key = std::make_unsigned_t<Src>;
  static constexpr Key kSign = Key(1) << (8 * sizeof(Key) - 1);
  __device__ static Key key(Src v) { return Key(v) ^ kSign; }
  __device__ static Src value(Key k) { return Src(k ^ kSign); }
};
template <class Src>
struct Order<Src, std::enable_if_t<std::is_floating_point_v<Src>>> {
  // Floats: every NaN the positive quiet NaN, which CUB orders after +inf.
  using Key = Src;
  __device__ static Key key(Src v) { return isnan(v) ? Src(NAN) : v; }
  __device__ static Src value(Key k) { return k; }
};

template <class Src>
__global__ void loadKeys(const char *base, Layout in, int64_t n,
                         typename Order<Src>::Key *keys) {
  ARRAYC_GRID_STRIDE(i, n) {
    keys[i] = Order<Src>::key(reinterpret_cast<const Src *>(base)[in.offset(i)]);
  }
}

template <class Src>
__global__ void keysToValues(typename Order<Src>::Key *keys, int64_t n) {
  ARRAYC_GRID_STRIDE(i, n) {
    Src v = Order<Src>::value(keys[i]);
    reinterpret_cast<Src *>(keys)[i] = v;
  }
}

__global__ void iota(int64_t *out, int64_t n) {
  ARRAYC_GRID_STRIDE(i, n) { out[i] = i; }
}

template <class RowKey>
__global__ void rowOf(const int64_t *pos, int64_t n, int64_t len, RowKey *rows) {
  ARRAYC_GRID_STRIDE(i, n) { rows[i] = RowKey(pos[i] / len); }
}

// The sorted rows from the sorted flat positions: the input's elements
// (sort) or their positions within the row (argsort).
template <class Src>
__global__ void gatherSorted(const char *base, Layout in, const int64_t *pos, int64_t n,
                             Src *out) {
  ARRAYC_GRID_STRIDE(i, n) { out[i] = reinterpret_cast<const Src *>(base)[in.offset(pos[i])]; }
}
__global__ void positionsInRow(const int64_t *pos, int64_t n, int64_t len, int64_t *out) {
  ARRAYC_GRID_STRIDE(i, n) { out[i] = pos[i] % len; }
}

// ---- sort -------------------------------------------------------------------

// Sorts every row of `in` (along its last axis) into `out`, C-contiguous:
// the values (Src) or, with `indices`, their positions (i64).
template <class Src>
arrayc_rt_status sortRows(const Operand &in, const Operand &out, bool indices) {
  using Key = typename Order<Src>::Key;
  int64_t n = in.count, len = in.lastDim;
  if (n == 0)
    return ARRAYC_RT_OK;
  int64_t rows = n / len;
  makeContextCurrent();
  cudaStream_t s = reinterpret_cast<cudaStream_t>(stream());
  unsigned grid = blocksFor(n);

  DeviceBuffer keys(n * sizeof(Key));
  loadKeys<Src><<<grid, kThreads, 0, s>>>(in.data, in.layout, n, keys.get<Key>());
  ARRAYC_RT_TRY(cudaCheck(cudaGetLastError(), "loading the sort keys"));
  size_t tempBytes = 0;
  DeviceBuffer temp;

  if (rows == 1 && !indices) {
    Key *result = reinterpret_cast<Key *>(out.data);
    ARRAYC_RT_TRY(cudaCheck(cub::DeviceRadixSort::SortKeys(nullptr, tempBytes, keys.get<Key>(),
                                                           result, n, 0, 8 * (int)sizeof(Key), s),
                            "cub::DeviceRadixSort::SortKeys"));
    temp.allocate(tempBytes);
    ARRAYC_RT_TRY(cudaCheck(cub::DeviceRadixSort::SortKeys(temp.get(), tempBytes,
                                                           keys.get<Key>(), result, n, 0,
                                                           8 * (int)sizeof(Key), s),
                            "cub::DeviceRadixSort::SortKeys"));
    if (!std::is_same_v<Key, Src>)
      keysToValues<Src><<<grid, kThreads, 0, s>>>(result, n);
    return cudaCheck(cudaGetLastError(), "the sorted values");
  }

  // Every element with its flat position, sorted by key (stable).
  DeviceBuffer sortedKeys(n * sizeof(Key)), positions(n * sizeof(int64_t));
  int64_t *sortedPos = rows == 1 ? reinterpret_cast<int64_t *>(out.data) : nullptr;
  DeviceBuffer sortedPosBuf;
  if (!sortedPos) {
    sortedPosBuf.allocate(n * sizeof(int64_t));
    sortedPos = sortedPosBuf.get<int64_t>();
  }
  iota<<<grid, kThreads, 0, s>>>(positions.get<int64_t>(), n);
  auto sortPairs = [&](auto *keysIn, auto *keysOut, int64_t *valsIn, int64_t *valsOut,
                       int endBit) -> arrayc_rt_status {
    size_t bytes = 0;
    ARRAYC_RT_TRY(cudaCheck(cub::DeviceRadixSort::SortPairs(nullptr, bytes, keysIn, keysOut,
                                                            valsIn, valsOut, n, 0, endBit, s),
                            "cub::DeviceRadixSort::SortPairs"));
    if (bytes > tempBytes) {
      temp.allocate(bytes);
      tempBytes = bytes;
    }
    return cudaCheck(cub::DeviceRadixSort::SortPairs(temp.get(), bytes, keysIn, keysOut,
                                                     valsIn, valsOut, n, 0, endBit, s),
                     "cub::DeviceRadixSort::SortPairs");
  };
  ARRAYC_RT_TRY(sortPairs(keys.get<Key>(), sortedKeys.get<Key>(), positions.get<int64_t>(),
                          sortedPos, 8 * (int)sizeof(Key)));
  if (rows == 1)
    return ARRAYC_RT_OK; // argsort of one row: the positions are the result

  // Stable by row number: each row's elements become contiguous, in key order.
  int rowBits = 64 - __builtin_clzll((unsigned long long)(rows - 1));
  int64_t *byRow = positions.get<int64_t>(); // reused: the iota is consumed
  if (rows - 1 <= UINT32_MAX) {
    DeviceBuffer rowKeys(n * sizeof(uint32_t)), rowKeysOut(n * sizeof(uint32_t));
    rowOf<<<grid, kThreads, 0, s>>>(sortedPos, n, len, rowKeys.get<uint32_t>());
    ARRAYC_RT_TRY(sortPairs(rowKeys.get<uint32_t>(), rowKeysOut.get<uint32_t>(), sortedPos,
                            byRow, rowBits));
  } else {
    DeviceBuffer rowKeys(n * sizeof(uint64_t)), rowKeysOut(n * sizeof(uint64_t));
    rowOf<<<grid, kThreads, 0, s>>>(sortedPos, n, len, rowKeys.get<uint64_t>());
    ARRAYC_RT_TRY(sortPairs(rowKeys.get<uint64_t>(), rowKeysOut.get<uint64_t>(), sortedPos,
                            byRow, rowBits));
  }
  if (indices)
    positionsInRow<<<grid, kThreads, 0, s>>>(byRow, n, len,
                                             reinterpret_cast<int64_t *>(out.data));
  else
    gatherSorted<Src><<<grid, kThreads, 0, s>>>(in.data, in.layout, byRow, n,
                                                reinterpret_cast<Src *>(out.data));
  return cudaCheck(cudaGetLastError(), "gathering the sorted rows");
}

// Sorts on the device; false when the operands are not for it (the host
// entry point takes them).
bool sortOnDevice(int64_t ir, void *id, int64_t outr, void *outd, int32_t dtype, bool indices,
                  arrayc_rt_status &st) {
  size_t es = sizeOf(dtype);
  Operand in, out;
  if (!es || !withRealType<uint8_t>(dtype, [](auto) {}) || !in.init(ir, id, es) ||
      !out.init(outr, outd, indices ? sizeof(int64_t) : es) || !out.layout.contiguous ||
      in.count != out.count || !in.onDevice() || !out.onDevice())
    return false;
  withRealType<uint8_t>(dtype, [&](auto t) { st = sortRows<decltype(t)>(in, out, indices); });
  return true;
}

// ---- compress ---------------------------------------------------------------

// Elements moved as bytes: the storage of every dtype of that size.
struct Bytes16 {
  uint64_t lo, hi;
};

template <class T> struct StridedLoad {
  const T *base;
  Layout layout;
  __device__ T operator()(int64_t i) const { return base[layout.offset(i)]; }
};
struct MaskFlag {
  const uint8_t *base;
  Layout layout;
  __device__ bool operator()(int64_t i) const { return base[layout.offset(i)] != 0; }
};
// Stores the k-th selected element, k < count (the result's size).
template <class T> struct BoundedStore {
  T *out;
  int64_t count;
  __device__ void operator()(int64_t k, T v) const {
    if (k < count)
      out[k] = v;
  }
};

// One DeviceSelect::Flagged (size query, then the selection) on the stream.
template <class In, class Flags, class Out, class Count>
arrayc_rt_status selectFlagged(In in, Flags flags, Out dst, Count n, cudaStream_t s) {
  DeviceBuffer selected(sizeof(Count));
  size_t bytes = 0;
  ARRAYC_RT_TRY(cudaCheck(cub::DeviceSelect::Flagged(nullptr, bytes, in, flags, dst,
                                                     selected.get<Count>(), n, s),
                          "cub::DeviceSelect::Flagged"));
  DeviceBuffer temp(bytes);
  return cudaCheck(cub::DeviceSelect::Flagged(temp.get(), bytes, in, flags, dst,
                                              selected.get<Count>(), n, s),
                   "cub::DeviceSelect::Flagged");
}

template <class T>
arrayc_rt_status compressOnDevice(const Operand &src, const Operand &mask, const Operand &out) {
  int64_t n = src.count;
  if (n == 0 || out.count == 0)
    return ARRAYC_RT_OK;
  makeContextCurrent();
  cudaStream_t s = reinterpret_cast<cudaStream_t>(stream());
  auto dst = thrust::make_tabulate_output_iterator(
      BoundedStore<T>{reinterpret_cast<T *>(out.data), out.count});
  // Contiguous operands (the usual `x[x > 0]`): plain pointers, which CUB
  // reads in vectorized tiles. The strided iterators carry the whole layout
  // in every copy CUB makes of them; on an H100 they ran the selection of
  // 2^24 f32 at ~120 GB/s (1.4 ms), ten times the contiguous path's time.
  if (src.layout.contiguous && mask.layout.contiguous && n <= INT_MAX)
    return selectFlagged(reinterpret_cast<const T *>(src.data),
                         reinterpret_cast<const uint8_t *>(mask.data), dst, (int)n, s);
  auto in = thrust::make_transform_iterator(
      thrust::counting_iterator<int64_t>(0),
      StridedLoad<T>{reinterpret_cast<const T *>(src.data), src.layout});
  auto flags = thrust::make_transform_iterator(
      thrust::counting_iterator<int64_t>(0),
      MaskFlag{reinterpret_cast<const uint8_t *>(mask.data), mask.layout});
  return selectFlagged(in, flags, dst, n, s);
}

bool compress(int64_t sr, void *sd, int64_t mr, void *md, int64_t outr, void *outd,
              int32_t dtype, arrayc_rt_status &st) {
  size_t es = sizeOf(dtype);
  Operand src, mask, out;
  if (!es || !src.init(sr, sd, es) || !mask.init(mr, md, 1) || !out.init(outr, outd, es) ||
      !out.layout.contiguous || src.count != mask.count || !src.onDevice() ||
      !mask.onDevice() || !out.onDevice())
    return false;
  switch (es) {
  case 1: st = compressOnDevice<uint8_t>(src, mask, out); return true;
  case 2: st = compressOnDevice<uint16_t>(src, mask, out); return true;
  case 4: st = compressOnDevice<uint32_t>(src, mask, out); return true;
  case 8: st = compressOnDevice<uint64_t>(src, mask, out); return true;
  case 16: st = compressOnDevice<Bytes16>(src, mask, out); return true;
  default: return false;
  }
}

} // namespace

#define M(x) int64_t x##r, void *x##d

extern "C" {

#define ARRAYC_RT_DEFINE_CUB_INDEX(T)                                                      \
  ARRAYC_RT_API void arrayc_rt_cub_compress_##T(M(src), M(mask), M(out), int32_t dtype,    \
                                                M(loc)) {                                  \
    run(                                                                                   \
        "compress", locr, locd,                                                            \
        [&](arrayc_rt_status &st) {                                                        \
          return compress(srcr, srcd, maskr, maskd, outr, outd, dtype, st);                \
        },                                                                                 \
        [&] { arrayc_rt_compress_##T(srcr, srcd, maskr, maskd, outr, outd, dtype, locr, locd); }); \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cub_sort_##T(M(in), M(out), int32_t dtype, M(loc)) {        \
    run(                                                                                   \
        "sort", locr, locd,                                                                \
        [&](arrayc_rt_status &st) {                                                        \
          return sortOnDevice(inr, ind, outr, outd, dtype, false, st);                     \
        },                                                                                 \
        [&] { arrayc_rt_sort_##T(inr, ind, outr, outd, dtype, locr, locd); });             \
  }                                                                                        \
  ARRAYC_RT_API void arrayc_rt_cub_argsort_##T(M(in), M(out), int32_t dtype, M(loc)) {     \
    run(                                                                                   \
        "argsort", locr, locd,                                                             \
        [&](arrayc_rt_status &st) {                                                        \
          return sortOnDevice(inr, ind, outr, outd, dtype, true, st);                      \
        },                                                                                 \
        [&] { arrayc_rt_argsort_##T(inr, ind, outr, outd, dtype, locr, locd); });          \
  }

ARRAYC_RT_FOR_EACH_INDEX_STORAGE(ARRAYC_RT_DEFINE_CUB_INDEX)
#undef ARRAYC_RT_DEFINE_CUB_INDEX

} // extern "C"
