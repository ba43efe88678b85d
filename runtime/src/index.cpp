// Advanced indexing and sorting with data-dependent results: the entry
// points convert-ndarray-to-runtime calls for ndarray.compress, scatter and
// sort (lib/Conversion/NDArrayToRuntime/IndexCalls.cpp).
//
// Every operand is a strided memref; device buffers are staged through the
// host with HostStage, so the same code serves both targets. On the cuda
// target sort, argsort and compress call their CUB twins instead
// (cub_index.cu), which come here only for what they cannot take (host
// memory, ...); scatter always comes here. The sort is std::stable_sort per
// row (NumPy's kind='stable' order; NaN last), so equal keys keep their order
// on both targets.
//
// Failures print "arrayc: error: <loc>: <op>: <message>" and exit, as the
// other entry points do.
#include "internal.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

using namespace arrayc_rt;

namespace {

// One memref argument, staged to the host, addressed by C-order linear index.
class Operand {
public:
  arrayc_rt_status init(int64_t rank, void *desc, size_t elemSize, bool input) {
    view_ = viewMemref(rank, desc, elemSize);
    elem_ = elemSize;
    if (!numElements(view_.rank, view_.sizes.data(), &count_))
      return setError(ARRAYC_RT_ERR_INVALID, "invalid array shape");
    int64_t expect = 1;
    for (int64_t d = view_.rank - 1; d >= 0; --d) {
      if (view_.sizes[d] != 1 && view_.strides[d] != expect)
        contiguous_ = false;
      expect *= view_.sizes[d];
    }
    if (!view_.aligned || count_ == 0)
      return ARRAYC_RT_OK;
    arrayc_rt_status st = stage_.init(view_.aligned, view_.rank, view_.sizes.data(),
                                      view_.strides.data(), elemSize, input);
    base_ = stage_.hostBase();
    return st;
  }
  int64_t count() const { return count_; }
  int64_t lastDim() const { return view_.rank ? view_.sizes[view_.rank - 1] : 1; }
  char *at(int64_t i) const {
    if (contiguous_)
      return base_ + i * (int64_t)elem_;
    int64_t off = 0;
    for (int64_t d = view_.rank - 1; d >= 0; --d) {
      off += (i % view_.sizes[d]) * view_.strides[d];
      i /= view_.sizes[d];
    }
    return base_ + off * (int64_t)elem_;
  }
  template <class T> T &get(int64_t i) const { return *reinterpret_cast<T *>(at(i)); }
  arrayc_rt_status finish() { return stage_.writeBack(); }

private:
  MemrefView view_;
  HostStage stage_;
  char *base_ = nullptr;
  size_t elem_ = 1;
  int64_t count_ = 0;
  bool contiguous_ = true; // C order: element i at base_ + i * elem_
};

size_t sizeOf(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->size : 0;
}

template <class Body> void run(const char *op, int64_t lrank, void *ldesc, Body body) {
  if (body() == ARRAYC_RT_OK)
    return;
  std::string msg = std::string(op) + ": " + arrayc_rt_last_error();
  arrayc_rt_fatal(memrefString(lrank, ldesc).c_str(), msg.c_str());
}

// NumPy's sort order: NaN after every number.
template <class T> bool lessNaNLast(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return a < b || (std::isnan(b) && !std::isnan(a));
  else
    return a < b;
}

// A flat index, wrapped as NumPy wraps negative indices.
int64_t wrap(int64_t i, int64_t n) { return i < 0 ? i + n : i; }

arrayc_rt_status compress(int64_t sr, void *sd, int64_t mr, void *md, int64_t outr,
                          void *outd, int32_t dtype) {
  size_t es = sizeOf(dtype);
  if (!es)
    return setError(ARRAYC_RT_ERR_INVALID, "unknown dtype code %d", (int)dtype);
  Operand src, mask, out;
  ARRAYC_RT_TRY(src.init(sr, sd, es, true));
  ARRAYC_RT_TRY(mask.init(mr, md, 1, true));
  ARRAYC_RT_TRY(out.init(outr, outd, es, false));
  if (src.count() != mask.count())
    return setError(ARRAYC_RT_ERR_SHAPE, "%lld elements but a mask of %lld",
                    (long long)src.count(), (long long)mask.count());
  int64_t k = 0;
  for (int64_t i = 0; i < src.count(); ++i) {
    if (!mask.get<uint8_t>(i))
      continue;
    if (k == out.count())
      return setError(ARRAYC_RT_ERR_SHAPE, "more true mask elements than the %lld counted",
                      (long long)out.count());
    std::memcpy(out.at(k++), src.at(i), es);
  }
  if (k != out.count())
    return setError(ARRAYC_RT_ERR_SHAPE, "%lld true mask elements, %lld counted",
                    (long long)k, (long long)out.count());
  return out.finish();
}

template <class T> void accumulate(Operand &out, int64_t at, const char *v) {
  T x;
  std::memcpy(&x, v, sizeof(T));
  if constexpr (std::is_same_v<T, bool>)
    out.get<T>(at) = out.get<T>(at) || x;
  else
    out.get<T>(at) = static_cast<T>(out.get<T>(at) + x);
}

arrayc_rt_status scatter(int64_t dr, void *dd, int64_t ir, void *id, int64_t ur, void *ud,
                         int64_t outr, void *outd, int32_t dtype, bool add) {
  size_t es = sizeOf(dtype);
  if (!es)
    return setError(ARRAYC_RT_ERR_INVALID, "unknown dtype code %d", (int)dtype);
  Operand dest, idx, upd, out;
  ARRAYC_RT_TRY(dest.init(dr, dd, es, true));
  ARRAYC_RT_TRY(idx.init(ir, id, sizeof(int64_t), true));
  ARRAYC_RT_TRY(upd.init(ur, ud, es, true));
  ARRAYC_RT_TRY(out.init(outr, outd, es, false));
  if (idx.count() != upd.count())
    return setError(ARRAYC_RT_ERR_SHAPE, "%lld indices but %lld values",
                    (long long)idx.count(), (long long)upd.count());
  int64_t n = dest.count();
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(out.at(i), dest.at(i), es);
  // The loop once per element type (dispatched once, not per element).
  auto each = [&](auto step) -> arrayc_rt_status {
    for (int64_t k = 0; k < idx.count(); ++k) {
      int64_t at = wrap(idx.get<int64_t>(k), n);
      if (at < 0 || at >= n)
        return setError(ARRAYC_RT_ERR_INVALID,
                        "index %lld is out of bounds for axis 0 with size %lld",
                        (long long)idx.get<int64_t>(k), (long long)n);
      step(at, upd.at(k));
    }
    return ARRAYC_RT_OK;
  };
  arrayc_rt_status st = ARRAYC_RT_OK;
  if (!add) {
    st = each([&](int64_t at, const char *v) { std::memcpy(out.at(at), v, es); });
  } else {
    auto addAll = [&](auto t) {
      st = each([&](int64_t at, const char *v) { accumulate<decltype(t)>(out, at, v); });
    };
    if (withRealType(dtype, addAll))
      ;
    else if (dtype == ARRAYC_RT_C64)
      addAll(std::complex<float>{});
    else if (dtype == ARRAYC_RT_C128)
      addAll(std::complex<double>{});
    else
      return setError(ARRAYC_RT_ERR_INVALID, "add.at does not support dtype code %d",
                      (int)dtype);
  }
  if (st != ARRAYC_RT_OK)
    return st;
  return out.finish();
}

template <class T>
void sortRows(const Operand &in, Operand &out, bool indices) {
  int64_t len = in.lastDim(), rows = len ? in.count() / len : 0;
  std::vector<int64_t> perm(len);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t first = r * len;
    std::iota(perm.begin(), perm.end(), 0);
    std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
      return lessNaNLast(in.get<T>(first + a), in.get<T>(first + b));
    });
    std::vector<T> vals(len);
    for (int64_t k = 0; k < len; ++k)
      vals[k] = in.get<T>(first + perm[k]);
    for (int64_t k = 0; k < len; ++k) {
      if (indices)
        out.get<int64_t>(first + k) = perm[k];
      else
        out.get<T>(first + k) = vals[k];
    }
  }
}

arrayc_rt_status sort(int64_t ir, void *id, int64_t outr, void *outd, int32_t dtype,
                      bool indices) {
  size_t es = sizeOf(dtype);
  if (!es)
    return setError(ARRAYC_RT_ERR_INVALID, "unknown dtype code %d", (int)dtype);
  Operand in, out;
  ARRAYC_RT_TRY(in.init(ir, id, es, true));
  ARRAYC_RT_TRY(out.init(outr, outd, indices ? sizeof(int64_t) : es, false));
  if (in.count() != out.count())
    return setError(ARRAYC_RT_ERR_SHAPE, "sorting %lld elements into %lld",
                    (long long)in.count(), (long long)out.count());
  if (!withRealType(dtype, [&](auto t) { sortRows<decltype(t)>(in, out, indices); }))
    return setError(ARRAYC_RT_ERR_INVALID, "cannot sort dtype code %d", (int)dtype);
  return out.finish();
}

} // namespace

#define M(x) int64_t x##r, void *x##d

// One entry point per storage type (the memref's element type is part of the
// symbol's MLIR signature); the dtype code says how to read the bytes.
#define ARRAYC_RT_DEFINE_INDEX(T)                                                          \
  void arrayc_rt_compress_##T(M(src), M(mask), M(out), int32_t dtype, M(loc)) {            \
    run("compress", locr, locd,                                                            \
        [&] { return compress(srcr, srcd, maskr, maskd, outr, outd, dtype); });            \
  }                                                                                        \
  void arrayc_rt_scatter_##T(M(dest), M(idx), M(upd), M(out), int32_t dtype,               \
                             int32_t accumulate, M(loc)) {                                 \
    run(accumulate ? "add.at" : "scatter", locr, locd, [&] {                               \
      return scatter(destr, destd, idxr, idxd, updr, updd, outr, outd, dtype,              \
                     accumulate != 0);                                                     \
    });                                                                                    \
  }                                                                                        \
  void arrayc_rt_sort_##T(M(in), M(out), int32_t dtype, M(loc)) {                          \
    run("sort", locr, locd, [&] { return sort(inr, ind, outr, outd, dtype, false); });    \
  }                                                                                        \
  void arrayc_rt_argsort_##T(M(in), M(out), int32_t dtype, M(loc)) {                       \
    run("argsort", locr, locd, [&] { return sort(inr, ind, outr, outd, dtype, true); });  \
  }

extern "C" {
ARRAYC_RT_FOR_EACH_INDEX_STORAGE(ARRAYC_RT_DEFINE_INDEX)
} // extern "C"
