// MLIR memref descriptors and string memrefs as compiled code passes them,
// for the tests of the compiled-code entry points.
#ifndef ARRAYC_RT_TEST_MEMREF_H
#define ARRAYC_RT_TEST_MEMREF_H

#include <cstdint>
#include <string>

template <int N> struct Memref {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[N > 0 ? N : 1];
  int64_t strides[N > 0 ? N : 1];
};

struct Str {
  std::string s;
  Memref<1> m;
  explicit Str(const std::string &str) : s(str) {
    m.allocated = m.aligned = &s[0];
    m.offset = 0;
    m.sizes[0] = (int64_t)s.size();
    m.strides[0] = 1;
  }
  void *desc() { return &m; }
};

#endif
