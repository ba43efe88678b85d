/* The dtype table (dtypes.def) as data, header-only: the compiler, libarrayc
 * and the runtime read the same entries without linking one another. */
#ifndef ARRAYC_RT_DTYPES_H
#define ARRAYC_RT_DTYPES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct arrayc_rt_dtype_info {
  int32_t code;
  const char *name;   /* the language's: "f32" */
  const char *numpy;  /* NumPy's: "float32" */
  const char *descr;  /* .npy: "<f4" */
  const char *c_type; /* "float" */
  char kind;          /* NumPy's dtype.kind: 'f' */
  size_t size;        /* bytes */
} arrayc_rt_dtype_info;

enum {
  ARRAYC_RT_NUM_DTYPES = 0
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE) +1
#include "arrayc_rt/dtypes.def"
};

/* The entry of a dtype code; NULL for a code outside the table. */
static inline const arrayc_rt_dtype_info *arrayc_rt_dtype_lookup(int32_t code) {
  static const arrayc_rt_dtype_info table[] = {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE)                 \
  {CODE, NAME, NUMPY, DESCR, #CTYPE, KIND, SIZE},
#include "arrayc_rt/dtypes.def"
  };
  return code >= 0 && code < ARRAYC_RT_NUM_DTYPES ? &table[code] : NULL;
}

#ifdef __cplusplus
} /* extern "C" */

namespace arrayc_rt::detail {
/// The lookup indexes the table by code: every CODE must be its position.
constexpr bool dtypeCodesArePositions() {
  int32_t codes[] = {
#define ARRAYC_DTYPE(ID, CXX, CODE, NAME, NUMPY, DESCR, CTYPE, KIND, SIZE) CODE,
#include "arrayc_rt/dtypes.def"
  };
  for (int32_t i = 0; i < ARRAYC_RT_NUM_DTYPES; ++i)
    if (codes[i] != i)
      return false;
  return true;
}
static_assert(dtypeCodesArePositions(), "dtypes.def: CODE must be the entry's position");
} // namespace arrayc_rt::detail
#endif

#endif /* ARRAYC_RT_DTYPES_H */
