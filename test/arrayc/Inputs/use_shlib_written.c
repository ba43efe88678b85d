/* A C program calling functions of an `arrayc --shared` library that update
 * their array arguments in place (NumPy's reference semantics): the caller's
 * arrays hold the writes when the call returns. */
#include "libshlib_written.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double x[6];
  for (int i = 0; i < 6; ++i)
    x[i] = i * i;
  arrayc_memref_f64_1d xd = {x, x, 0, {6}, {1}};
  _mlir_ciface_smooth(&xd); /* no results: the array is the only parameter */
  printf("smooth:");
  for (int i = 0; i < 6; ++i)
    printf(" %g", x[i]);
  printf("\n");

  double a = 2, u[4] = {1, 2, 3, 4}, v[4] = {10, 20, 30, 40};
  arrayc_memref_f64_0d ad = {&a, &a, 0};
  arrayc_memref_f64_1d ud = {u, u, 0, {4}, {1}}, vd = {v, v, 0, {4}, {1}};
  arrayc_memref_f64_0d sum;
  _mlir_ciface_axpy(&sum, &ad, &ud, &vd);
  printf("axpy: x %g %g %g %g, y %g %g %g %g, sum %g\n", u[0], u[1], u[2], u[3], v[0], v[1],
         v[2], v[3], sum.aligned[sum.offset]);
  free(sum.allocated);
  return 0;
}
