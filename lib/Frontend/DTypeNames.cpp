//===- DTypeNames.cpp - the one reader of dtype names ---------------------===//
//
// arrayc's short names and NumPy's canonical names come from Sema's name
// functions (`dtypeName`, `numpyDtypeName`); only the aliases NumPy and
// Python add on top are listed here.
//
//===----------------------------------------------------------------------===//

#include "Frontend/DTypeNames.h"

using namespace arrayc::frontend;

namespace {
struct Alias {
  const char *name;
  DType dtype;
};
} // namespace

/// NumPy's scalar-type aliases and Python's builtin types as dtypes (on the
/// 64-bit platforms arrayc targets: `int` and `intp` are int64).
static const Alias kAliases[] = {
    {"bool_", DType::Bool},     {"b1", DType::Bool},
    {"byte", DType::I8},        {"short", DType::I16},
    {"intc", DType::I32},       {"int", DType::I64},
    {"int_", DType::I64},       {"intp", DType::I64},
    {"ubyte", DType::U8},       {"ushort", DType::U16},
    {"uintc", DType::U32},      {"uint", DType::U64},
    {"uintp", DType::U64},      {"half", DType::F16},
    {"single", DType::F32},     {"float", DType::F64},
    {"double", DType::F64},     {"float_", DType::F64},
    {"csingle", DType::C64},    {"complex", DType::C128},
    {"cdouble", DType::C128},   {"complex_", DType::C128},
};

std::optional<DType> arrayc::frontend::lookupDTypeName(llvm::StringRef name,
                                                       DTypeSpelling which) {
  for (DType t : {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE) DType::CXX,
#include "arrayc_rt/dtypes.def"
       })
    if (name == dtypeName(t) ||
        (which == DTypeSpelling::Any && name == numpyDtypeName(t)))
      return t;
  if (which == DTypeSpelling::Any)
    for (const Alias &a : kAliases)
      if (name == a.name)
        return a.dtype;
  return std::nullopt;
}
