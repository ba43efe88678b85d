//===- Signature.h - exported functions' signatures, MLIR-free --*- C++ -*-===//
//
// What a host needs to call an exported function: its parameters' and
// results' dtypes (arrayc_rt_dtype codes) and shapes, with the dimension
// names of the `.arr` signature (a name fixes one size per call). Plain data:
// the embedding API checks calls against it and the compile cache stores it.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_SIGNATURE_H
#define ARRAYC_FRONTEND_SIGNATURE_H

#include <cstdint>
#include <string>
#include <vector>

namespace arrayc {

struct ValueSignature {
  std::string name;                ///< The parameter's name ("" for results).
  int32_t dtype = 0;               ///< arrayc_rt_dtype.
  std::vector<int64_t> dims;       ///< Static sizes; -1 for a named dimension.
  std::vector<std::string> names;  ///< The dimension's name, "" when static.
  /// A parameter the function writes to: the caller's array changes, as
  /// NumPy's does (reference semantics). Always false for results.
  bool written = false;
  size_t rank() const { return dims.size(); }
};

struct FunctionSignature {
  std::string name;
  std::vector<ValueSignature> params, results;
};

} // namespace arrayc

#endif // ARRAYC_FRONTEND_SIGNATURE_H
