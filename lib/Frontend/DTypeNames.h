//===- DTypeNames.h - the one reader of dtype names -------------*- C++ -*-===//
//
// Every place that reads a dtype from its name (type annotations, `dtype=`,
// `.astype(...)`, `x.dtype` compared as a string) goes through
// `lookupDTypeName`, so the accepted spellings cannot drift apart.
//
//===----------------------------------------------------------------------===//
#ifndef ARRAYC_FRONTEND_DTYPENAMES_H
#define ARRAYC_FRONTEND_DTYPENAMES_H

#include "Frontend/Sema.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace arrayc::frontend {

/// Which spellings a context accepts.
enum class DTypeSpelling {
  /// arrayc's own names only (`f32`, `i64`, `bool`): type annotations, where
  /// every other identifier is a dimension name.
  Short,
  /// Any name NumPy accepts as well: `float32`, `np.half`, `single`,
  /// `float`, `int_`, `complex`, ... (the `dtype=` and `.astype` arguments).
  Any,
};

/// The dtype named `name`, or nullopt.
std::optional<DType> lookupDTypeName(llvm::StringRef name, DTypeSpelling which);

} // namespace arrayc::frontend

#endif // ARRAYC_FRONTEND_DTYPENAMES_H
