//===- ArrayLayout.cpp - libarrayc: array descriptors in memory ----------===//
//
// See ArrayLayout.h. The overlap test is NumPy's may_share_memory in small:
// disjoint extents and interleaving steps first, then a bounded search, then
// element by element.
//
//===----------------------------------------------------------------------===//
#include "ArrayLayout.h"

#include "arrayc_rt/dtypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

using namespace arrayc::api;

size_t arrayc::api::dtypeSize(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->size : 0;
}

const char *arrayc::api::dtypeName(int32_t dtype) {
  const arrayc_rt_dtype_info *info = arrayc_rt_dtype_lookup(dtype);
  return info ? info->name : "?";
}

bool arrayc::api::isContiguous(const arrayc_array &a) {
  int64_t expected = 1;
  for (int i = a.rank - 1; i >= 0; --i) {
    if (a.shape[i] != 1 && a.strides[i] != expected)
      return false;
    expected *= a.shape[i];
  }
  return true;
}

namespace {

/// Calls `fn(k, offset)` for each element of `a` in C order: its index `k`
/// and its offset from `data` in elements (negative strides reach below it).
template <typename Fn> void forEachOffset(const arrayc_array &a, Fn &&fn) {
  int64_t n = arrayc_array_size(&a);
  int64_t index[ARRAYC_MAX_RANK] = {};
  for (int64_t k = 0; k < n; ++k) {
    int64_t offset = 0;
    for (int i = 0; i < a.rank; ++i)
      offset += index[i] * a.strides[i];
    fn(k, offset);
    for (int i = a.rank - 1; i >= 0; --i) {
      if (++index[i] < a.shape[i])
        break;
      index[i] = 0;
    }
  }
}

} // namespace

void arrayc::api::gatherHost(const arrayc_array &a, char *dst) {
  int64_t es = static_cast<int64_t>(dtypeSize(a.dtype));
  if (isContiguous(a)) {
    if (int64_t n = arrayc_array_size(&a))
      std::memcpy(dst, a.data, static_cast<size_t>(n * es));
    return;
  }
  const char *src = static_cast<const char *>(a.data);
  forEachOffset(a, [&](int64_t k, int64_t offset) {
    std::memcpy(dst + k * es, src + offset * es, static_cast<size_t>(es));
  });
}

void arrayc::api::scatterHost(const char *src, const arrayc_array &a) {
  int64_t es = static_cast<int64_t>(dtypeSize(a.dtype));
  if (isContiguous(a)) {
    if (int64_t n = arrayc_array_size(&a))
      std::memcpy(a.data, src, static_cast<size_t>(n * es));
    return;
  }
  char *dst = static_cast<char *>(a.data);
  forEachOffset(a, [&](int64_t k, int64_t offset) {
    std::memcpy(dst + offset * es, src + k * es, static_cast<size_t>(es));
  });
}

namespace {

/// The bytes [lo, hi) an array's elements occupy (an array invalidArray
/// accepted: no overflow).
std::pair<uintptr_t, uintptr_t> byteExtent(const arrayc_array &a) {
  int64_t es = static_cast<int64_t>(dtypeSize(a.dtype)), lo = 0, hi = 0;
  for (int d = 0; d < a.rank; ++d) {
    int64_t span = (a.shape[d] - 1) * a.strides[d];
    (span < 0 ? lo : hi) += span;
  }
  uintptr_t base = reinterpret_cast<uintptr_t>(a.data);
  return {base + static_cast<uintptr_t>(lo * es), base + static_cast<uintptr_t>(hi * es + es)};
}

/// The byte offsets from `a.data` at which a's elements start, sorted.
std::vector<int64_t> elementStarts(const arrayc_array &a) {
  int64_t es = static_cast<int64_t>(dtypeSize(a.dtype));
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(arrayc_array_size(&a)));
  forEachOffset(a, [&](int64_t, int64_t offset) { out.push_back(offset * es); });
  std::sort(out.begin(), out.end());
  return out;
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

/// Whether a's and b's elements share a byte, as a bounded search (NumPy's
/// may_share_memory in small): b's element starts lie `delta - sum_k c_k x_k`
/// bytes after a's (delta = b.data - a.data; a term per dimension: a's
/// strides count positive, b's negative, and terms of one step size are
/// merged, x ranging over the sum of their ranges), and two elements share a
/// byte iff that lies in (-esB, esA). The terms are searched largest step
/// first, the range the remaining terms can reach pruning each choice.
/// 1: they do share, 0: they do not, -1: the search passed its budget.
int sharesMemoryBySearch(const arrayc_array &a, const arrayc_array &b) {
  struct Term {
    int64_t c, lo, hi; // c * x for x in [lo, hi]; c > 0
  };
  llvm::SmallVector<Term, 2 * ARRAYC_MAX_RANK> terms;
  int64_t esA = static_cast<int64_t>(dtypeSize(a.dtype));
  int64_t esB = static_cast<int64_t>(dtypeSize(b.dtype));
  auto add = [&](int64_t step, int64_t u) { // step * x, x in [0, u]
    if (step == 0 || u == 0)
      return;
    int64_t c = std::abs(step), lo = step > 0 ? 0 : -u, hi = step > 0 ? u : 0;
    for (Term &t : terms)
      if (t.c == c) {
        t.lo += lo;
        t.hi += hi;
        return;
      }
    terms.push_back({c, lo, hi});
  };
  for (int d = 0; d < a.rank; ++d)
    add(a.strides[d] * esA, a.shape[d] - 1);
  for (int d = 0; d < b.rank; ++d)
    add(-b.strides[d] * esB, b.shape[d] - 1);
  llvm::sort(terms, [](const Term &x, const Term &y) { return x.c > y.c; });
  size_t n = terms.size();
  // minRest[k], maxRest[k]: the range of the terms k.. together.
  llvm::SmallVector<int64_t, 2 * ARRAYC_MAX_RANK + 1> minRest(n + 1, 0), maxRest(n + 1, 0);
  for (size_t k = n; k-- > 0;) {
    minRest[k] = minRest[k + 1] + terms[k].c * terms[k].lo;
    maxRest[k] = maxRest[k + 1] + terms[k].c * terms[k].hi;
  }
  int64_t delta = static_cast<int64_t>(reinterpret_cast<uintptr_t>(b.data) -
                                       reinterpret_cast<uintptr_t>(a.data));
  int64_t budget = 1 << 16;
  // Is there a choice of the terms k.. whose sum lies in [lo, hi]?
  auto search = [&](auto &self, size_t k, int64_t lo, int64_t hi) -> int {
    if (hi < minRest[k] || lo > maxRest[k])
      return 0;
    if (k == n)
      return 1; // 0 lies in [lo, hi]
    const Term &t = terms[k];
    // t.c * x must lie in [lo - maxRest[k+1], hi - minRest[k+1]].
    int64_t first = std::max(ceilDiv(lo - maxRest[k + 1], t.c), t.lo);
    int64_t last = std::min(floorDiv(hi - minRest[k + 1], t.c), t.hi);
    for (int64_t x = first; x <= last; ++x) {
      if (--budget < 0)
        return -1;
      if (int r = self(self, k + 1, lo - t.c * x, hi - t.c * x); r != 0)
        return r;
    }
    return 0;
  };
  // delta - sum in (-esB, esA): sum in [delta - esA + 1, delta + esB - 1].
  return search(search, 0, delta - esA + 1, delta + esB - 1);
}

/// Arrays up to this many elements are compared element by element when the
/// quick tests cannot tell (the time is the larger array's size times the log
/// of the smaller's); larger ones count as sharing memory.
constexpr int64_t kExactOverlapLimit = int64_t(1) << 22;

/// Whether two non-empty arrays of one address space may share a byte: no
/// when their address ranges are disjoint, or when their elements interleave
/// on a common step (`x[::2]` and `x[1::2]`: every element of each starts at
/// its base modulo the gcd of all strides); otherwise the bounded search's
/// answer (the blocks `A[:, :k]` and `A[:, k:]` do not overlap), or where it
/// gives up, element by element for arrays of up to kExactOverlapLimit
/// elements; past that, yes (conservative: the call is refused).
} // namespace

bool arrayc::api::mayShareMemory(const arrayc_array &a, const arrayc_array &b) {
  auto [aLo, aHi] = byteExtent(a);
  auto [bLo, bHi] = byteExtent(b);
  if (aHi <= bLo || bHi <= aLo)
    return false;
  uint64_t g = 0;
  for (const arrayc_array *x : {&a, &b})
    for (int d = 0; d < x->rank; ++d)
      if (x->shape[d] > 1)
        g = std::gcd(g, static_cast<uint64_t>(std::abs(x->strides[d])) * dtypeSize(x->dtype));
  if (g == 0)
    return true;
  uint64_t esA = dtypeSize(a.dtype), esB = dtypeSize(b.dtype);
  // (b - a) mod g, as a signed difference: unsigned wrap-around is not a
  // multiple of g unless g is a power of two.
  int64_t delta = static_cast<int64_t>(reinterpret_cast<uintptr_t>(b.data) -
                                       reinterpret_cast<uintptr_t>(a.data));
  int64_t rem = delta % static_cast<int64_t>(g);
  uint64_t diff = static_cast<uint64_t>(rem < 0 ? rem + static_cast<int64_t>(g) : rem);
  // An element of b starts diff + m*g bytes after one of a: they overlap iff
  // some such offset lies in (-esB, esA).
  if (diff >= esA && diff + esB <= g)
    return false;
  if (int found = sharesMemoryBySearch(a, b); found >= 0)
    return found == 1;
  int64_t na = arrayc_array_size(&a), nb = arrayc_array_size(&b);
  if (na > kExactOverlapLimit || nb > kExactOverlapLimit)
    return true;
  // The smaller array's element starts, sorted; for each element of the other
  // (starting `t` bytes from a's data), is there a start in (t - esA, t + esB)?
  bool aSmaller = na <= nb;
  const arrayc_array &small = aSmaller ? a : b, &large = aSmaller ? b : a;
  int64_t esSmall = static_cast<int64_t>(aSmaller ? esA : esB);
  int64_t esLarge = static_cast<int64_t>(aSmaller ? esB : esA);
  std::vector<int64_t> starts = elementStarts(small);
  int64_t shift = static_cast<int64_t>(reinterpret_cast<uintptr_t>(large.data) -
                                       reinterpret_cast<uintptr_t>(small.data));
  bool found = false;
  forEachOffset(large, [&](int64_t, int64_t offset) {
    int64_t t = shift + offset * esLarge;
    auto it = std::upper_bound(starts.begin(), starts.end(), t - esSmall);
    found |= it != starts.end() && *it < t + esLarge;
  });
  return found;
}

std::string arrayc::api::describe(const arrayc_array &a) {
  std::string s = std::string(dtypeName(a.dtype)) + "[";
  for (int i = 0; i < std::min<int>(a.rank, ARRAYC_MAX_RANK); ++i)
    s += (i ? ", " : "") + std::to_string(a.shape[i]);
  return s + "]";
}

/// Why `a` cannot be read as an array ("" when it can): every field of the
/// descriptor, as a caller may fill it by hand. The bytes its shape and
/// strides address from `data` (negative strides reach below it) must lie
/// within the address space; device arrays must be C-contiguous.
std::string arrayc::api::invalidArray(const arrayc_array &a) {
  if (a.rank < 0 || a.rank > ARRAYC_MAX_RANK)
    return "has rank " + std::to_string(a.rank) + " (0 to " +
           std::to_string(ARRAYC_MAX_RANK) + " allowed)";
  size_t es = dtypeSize(a.dtype);
  if (!es)
    return "has an unknown dtype (" + std::to_string(a.dtype) + ")";
  if (a.device < -1)
    return "has device " + std::to_string(a.device) + " (-1: host memory)";
  for (int d = 0; d < a.rank; ++d)
    if (a.shape[d] < 0)
      return "is " + describe(a) + ": a negative size";
  int64_t elements = arrayc_array_size(&a), bytes;
  if (elements < 0 || __builtin_mul_overflow(elements, static_cast<int64_t>(es), &bytes))
    return "is " + describe(a) + ": its size in bytes overflows 64 bits";
  if (elements == 0)
    return "";
  if (!a.data)
    return "has no data (NULL)";
  if (a.device >= 0 && !isContiguous(a))
    return "is a strided device array: device arrays must be C-contiguous";
  // The lowest and highest element offsets, then bytes from `data`.
  int64_t lo = 0, hi = 0;
  bool overflow = false;
  for (int d = 0; d < a.rank; ++d) {
    int64_t span;
    overflow |= __builtin_mul_overflow(a.shape[d] - 1, a.strides[d], &span);
    overflow |= __builtin_add_overflow(span < 0 ? lo : hi, span, span < 0 ? &lo : &hi);
  }
  int64_t loBytes, hiBytes;
  overflow |= __builtin_mul_overflow(lo, static_cast<int64_t>(es), &loBytes);
  overflow |= __builtin_mul_overflow(hi, static_cast<int64_t>(es), &hiBytes);
  overflow |= __builtin_add_overflow(hiBytes, static_cast<int64_t>(es), &hiBytes);
  uintptr_t base = reinterpret_cast<uintptr_t>(a.data), end;
  overflow |= base < uintptr_t(0) - static_cast<uintptr_t>(loBytes) ||
              __builtin_add_overflow(base, static_cast<uintptr_t>(hiBytes), &end);
  if (overflow)
    return "is " + describe(a) + " with strides that reach past the address space";
  return "";
}

