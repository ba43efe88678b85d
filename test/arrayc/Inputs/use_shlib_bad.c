/* Descriptors a C caller gets wrong, passed to libshlib.so (shared.test):
 * argv[1] names the mistake. Each must stop the program with an error. */
#include <stdio.h>
#include <string.h>

#include "libshlib.h"

int main(int argc, char **argv) {
  float x[4] = {1, 2, 3, 4}, y[4] = {5, 6, 7, 8};
  arrayc_memref_f32_1d a = {x, x, 0, {4}, {1}}, b = {y, y, 0, {4}, {1}}, r;
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "sizes"))
    b.sizes[0] = 3; /* 'n' is 4 in x */
  else if (!strcmp(what, "negative"))
    a.sizes[0] = b.sizes[0] = -2;
  else if (!strcmp(what, "stride"))
    b.strides[0] = 2;
  else if (!strcmp(what, "offset"))
    a.offset = 1;
  if (!strcmp(what, "static")) {
    double m[8] = {0};
    arrayc_memref_f64_2d mat = {m, m, 0, {2, 4}, {4, 1}};
    minmax_results mm;
    _mlir_ciface_minmax(&mm, &mat); /* minmax takes f64[n, 3] */
    return 0;
  }
  if (!strcmp(what, "null"))
    _mlir_ciface_axpy(&r, &a, NULL);
  else
    _mlir_ciface_axpy(&r, &a, &b);
  printf("axpy: %g %g %g %g\n", r.aligned[0], r.aligned[1], r.aligned[2], r.aligned[3]);
  return 0;
}
