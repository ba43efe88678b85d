// The plan of a (batched) matrix product as arrayc-linalg-to-blas emits it,
// resolved against the operands' memref descriptors: GEMM's m, n, k, each
// operand's matrix strides and layout, and the batch. Shared by the
// OpenBLAS (blas.cpp) and cuBLAS (cublas.cpp) entry points.
#ifndef ARRAYC_RT_GEMM_PLAN_H
#define ARRAYC_RT_GEMM_PLAN_H

#include "arrayc_rt/runtime.h"

#include <climits>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace arrayc_rt::gemm {

enum Role : int64_t { Batch = 0, M = 1, N = 2, K = 3 };
constexpr int64_t kMaxLoops = 64;

struct Operand {
  int64_t rank;
  const int64_t *sizes, *strides;
  char *data;
};

// How one operand's matrix (rows x cols, strides rs/cs in elements) is
// handed to GEMM: row-major with leading dimension ld, possibly transposed.
struct Layout {
  bool direct = false; // false: pack into a rows x cols row-major buffer
  bool trans = false;
  int64_t ld = 1;
};

inline Layout layoutOf(int64_t rows, int64_t cols, int64_t rs, int64_t cs, bool allowTrans) {
  Layout l;
  int64_t minCols = cols > 1 ? cols : 1, minRows = rows > 1 ? rows : 1;
  if ((cols <= 1 || cs == 1) && (rows <= 1 || rs >= minCols)) {
    l.direct = true;
    l.ld = rows <= 1 ? minCols : rs;
  } else if (allowTrans && (rows <= 1 || rs == 1) && (cols <= 1 || cs >= minRows)) {
    l.direct = l.trans = true;
    l.ld = cols <= 1 ? minRows : cs;
  }
  if (l.ld > INT_MAX)
    l.direct = false;
  return l;
}

struct Shape {
  int64_t m = 0, n = 0, k = 0, nbatch = 0;
  // Matrix strides in elements: A (m x k), B (k x n), C (m x n).
  int64_t ars = 0, acs = 0, brs = 0, bcs = 0, crs = 0, ccs = 0;
  Layout la, lb, lc;
  std::vector<int64_t> size, batch, stride[3];
  char *base[3] = {nullptr, nullptr, nullptr};

  // Calls f(a, b, c) with the byte addresses of each batch element's matrices
  // (eltSize[o]: operand o's element size in bytes).
  template <typename F> void forEachBatch(const size_t (&eltSize)[3], F f) const {
    std::vector<int64_t> idx(batch.size(), 0);
    for (int64_t it = 0; it < nbatch; ++it) {
      char *p[3];
      for (int o = 0; o < 3; ++o) {
        char *q = base[o];
        for (size_t j = 0; j < batch.size(); ++j)
          q += idx[j] * stride[o][batch[j]] * (int64_t)eltSize[o];
        p[o] = q;
      }
      f(p[0], p[1], p[2]);
      for (int64_t j = (int64_t)batch.size() - 1; j >= 0; --j) {
        if (++idx[j] < size[batch[j]])
          break;
        idx[j] = 0;
      }
    }
  }

  // The byte addresses of batch element `it` (0 <= it < nbatch, row-major
  // over the batch loops in plan order), as forEachBatch visits them.
  void batchAddress(const size_t (&eltSize)[3], int64_t it, char *(&p)[3]) const {
    for (int o = 0; o < 3; ++o)
      p[o] = base[o];
    for (int64_t j = (int64_t)batch.size() - 1; j >= 0; --j) {
      int64_t l = batch[j], n = size[l], i = it % n;
      it /= n;
      for (int o = 0; o < 3; ++o)
        p[o] += i * stride[o][l] * (int64_t)eltSize[o];
    }
  }
};

// One loop over batch elements with one stride per operand (in elements; 0:
// the operand is the same matrix for every element, a broadcast).
struct BatchDim {
  int64_t size;
  int64_t stride[3];
};

// The batch loops with size-1 loops dropped and neighbours merged where every
// operand steps uniformly across both (outer stride == inner stride * inner
// size), outermost first: what a strided-batched GEMM can address. Empty
// when the batch is one element.
inline std::vector<BatchDim> collapseBatch(const Shape &s) {
  std::vector<BatchDim> dims;
  for (int64_t l : s.batch) {
    if (s.size[l] == 1)
      continue;
    BatchDim d{s.size[l], {s.stride[0][l], s.stride[1][l], s.stride[2][l]}};
    if (!dims.empty()) {
      BatchDim &outer = dims.back();
      bool uniform = true;
      for (int o = 0; o < 3; ++o)
        uniform = uniform && outer.stride[o] == d.stride[o] * d.size;
      if (uniform && outer.size <= INT64_MAX / d.size) {
        outer.size *= d.size; // the merged loop steps as the inner one
        for (int o = 0; o < 3; ++o)
          outer.stride[o] = d.stride[o];
        continue;
      }
    }
    dims.push_back(d);
  }
  return dims;
}

// A batch as strided-batched GEMM calls: `inner` is the collapsed batch loop
// each call covers (the largest), `outer` the others, looped over by the
// caller (forEachOuter). A batch of one element has inner.size 1.
struct StridedBatch {
  BatchDim inner{1, {0, 0, 0}};
  std::vector<BatchDim> outer;

  explicit StridedBatch(const Shape &s) {
    std::vector<BatchDim> dims = collapseBatch(s);
    size_t best = 0;
    for (size_t i = 1; i < dims.size(); ++i)
      if (dims[i].size > dims[best].size)
        best = i;
    for (size_t i = 0; i < dims.size(); ++i) {
      if (i == best)
        inner = dims[i];
      else
        outer.push_back(dims[i]);
    }
  }

  // The number of strided-batched calls (the product of the outer sizes).
  int64_t calls() const {
    int64_t n = 1;
    for (const BatchDim &d : outer)
      n *= d.size;
    return n;
  }

  // Calls f(a, b, c) with the byte addresses of the first matrices of each
  // strided-batched call, starting from the shape's bases.
  template <typename F>
  void forEachOuter(const Shape &s, const size_t (&eltSize)[3], F f) const {
    std::vector<int64_t> idx(outer.size(), 0);
    for (int64_t it = 0, n = calls(); it < n; ++it) {
      char *p[3];
      for (int o = 0; o < 3; ++o) {
        p[o] = s.base[o];
        for (size_t j = 0; j < outer.size(); ++j)
          p[o] += idx[j] * outer[j].stride[o] * (int64_t)eltSize[o];
      }
      f(p[0], p[1], p[2]);
      for (int64_t j = (int64_t)outer.size() - 1; j >= 0; --j) {
        if (++idx[j] < outer[j].size)
          break;
        idx[j] = 0;
      }
    }
  }
};

// `st`, with the message printf-formatted into `err`.
inline arrayc_rt_status planError(std::string &err, arrayc_rt_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
inline arrayc_rt_status planError(std::string &err, arrayc_rt_status st, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  err = buf;
  return st;
}

// Checks the plan against the operands and fills `s`; on failure the status,
// with its message in `err`. An empty product (nbatch, m or n of 0) leaves
// s.nbatch or s.m/s.n 0.
inline arrayc_rt_status resolve(const int64_t *plan, int64_t planLen, const Operand (&ops)[3],
                                const size_t (&eltSize)[3], Shape &s, std::string &err) {
  if (!plan || planLen < 1 || plan[0] < 0 || plan[0] > kMaxLoops)
    return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: bad plan");
  const int64_t nloops = plan[0];
  if (planLen != 1 + nloops + ops[0].rank + ops[1].rank + ops[2].rank)
    return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: plan of %lld entries for %lld loops "
                    "and ranks %lld, %lld, %lld", (long long)planLen, (long long)nloops,
                    (long long)ops[0].rank, (long long)ops[1].rank, (long long)ops[2].rank);
  const int64_t *roles = plan + 1;
  int64_t roleLoop[4] = {-1, -1, -1, -1};
  for (int64_t l = 0; l < nloops; ++l) {
    if (roles[l] < Batch || roles[l] > K)
      return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: bad role %lld", (long long)roles[l]);
    if (roles[l] != Batch) {
      if (roleLoop[roles[l]] >= 0)
        return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: two loops with role %lld",
                        (long long)roles[l]);
      roleLoop[roles[l]] = l;
    }
  }
  if (roleLoop[K] < 0)
    return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: no contracted loop");

  // Loop sizes and each operand's stride along each loop.
  s.size.assign(nloops, -1);
  std::vector<bool> has[3];
  const int64_t *entry = roles + nloops;
  for (int o = 0; o < 3; ++o) {
    const Operand &op = ops[o];
    if (!op.data) {
      bool empty = false;
      for (int64_t d = 0; d < op.rank; ++d)
        empty = empty || op.sizes[d] == 0;
      if (!empty)
        return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: null operand %d", o);
    }
    s.stride[o].assign(nloops, 0);
    has[o].assign(nloops, false);
    s.base[o] = op.data;
    for (int64_t d = 0; d < op.rank; ++d, ++entry) {
      if (op.sizes[d] < 0)
        return planError(err, ARRAYC_RT_ERR_SHAPE, "gemm: negative size");
      int64_t e = *entry;
      if (e < 0) { // a constant index
        int64_t c = -1 - e;
        if (c >= op.sizes[d])
          return planError(err, ARRAYC_RT_ERR_SHAPE, "gemm: index %lld out of bounds %lld",
                          (long long)c, (long long)op.sizes[d]);
        s.base[o] += c * op.strides[d] * (int64_t)eltSize[o];
        continue;
      }
      if (e >= nloops || has[o][e])
        return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: bad loop %lld in the plan",
                        (long long)e);
      if (s.size[e] >= 0 && s.size[e] != op.sizes[d])
        return planError(err, ARRAYC_RT_ERR_SHAPE, "gemm: loop %lld has sizes %lld and %lld",
                        (long long)e, (long long)s.size[e], (long long)op.sizes[d]);
      s.size[e] = op.sizes[d];
      has[o][e] = true;
      s.stride[o][e] = op.strides[d];
    }
  }
  for (int64_t l = 0; l < nloops; ++l) {
    bool a = has[0][l], b = has[1][l], c = has[2][l];
    bool ok = roles[l] == K   ? a && b && !c
              : roles[l] == M ? a && !b && c
              : roles[l] == N ? !a && b && c
                              : c;
    if (!ok)
      return planError(err, ARRAYC_RT_ERR_INVALID, "gemm: loop %lld is not indexed as its role "
                      "needs", (long long)l);
  }
  auto sizeOf = [&](Role r) { return roleLoop[r] < 0 ? 1 : s.size[roleLoop[r]]; };
  auto strideOf = [&](int o, Role r) {
    return roleLoop[r] < 0 ? 0 : s.stride[o][roleLoop[r]];
  };
  s.m = sizeOf(M), s.n = sizeOf(N), s.k = sizeOf(K);
  s.batch.clear();
  s.nbatch = 1;
  for (int64_t l = 0; l < nloops; ++l)
    if (roles[l] == Batch) {
      s.batch.push_back(l);
      if (s.size[l] != 0 && s.nbatch > INT64_MAX / s.size[l])
        return planError(err, ARRAYC_RT_ERR_NOMEM, "gemm: batch too large");
      s.nbatch *= s.size[l];
    }
  if (s.nbatch == 0 || s.m == 0 || s.n == 0)
    return ARRAYC_RT_OK;
  if (s.m > INT_MAX || s.n > INT_MAX || s.k > INT_MAX)
    return planError(err, ARRAYC_RT_ERR_SHAPE, "gemm: a dimension exceeds the BLAS int range");
  s.ars = strideOf(0, M), s.acs = strideOf(0, K);
  s.brs = strideOf(1, K), s.bcs = strideOf(1, N);
  s.crs = strideOf(2, M), s.ccs = strideOf(2, N);
  s.la = layoutOf(s.m, s.k, s.ars, s.acs, true);
  s.lb = layoutOf(s.k, s.n, s.brs, s.bcs, true);
  s.lc = layoutOf(s.m, s.n, s.crs, s.ccs, false);
  return ARRAYC_RT_OK;
}

} // namespace arrayc_rt::gemm

#endif // ARRAYC_RT_GEMM_PLAN_H
