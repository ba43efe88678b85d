/* A C program using a library built by `arrayc --shared`, through the
 * generated header only. */
#include "libshlib.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  float x[4] = {1, 2, 3, 4}, s = 0.5f;
  arrayc_memref_f32_1d xd = {x, x, 0, {4}, {1}};
  arrayc_memref_f32_0d sd = {&s, &s, 0};
  arrayc_memref_f32_1d out;
  _mlir_ciface_scale(&out, &xd, &sd);
  printf("scale: %g %g %g %g\n", out.aligned[out.offset], out.aligned[out.offset + 1],
         out.aligned[out.offset + 2], out.aligned[out.offset + 3]);
  free(out.allocated);

  double m[6] = {3, -1, 4, 1, -5, 9};
  arrayc_memref_f64_2d md = {m, m, 0, {2, 3}, {3, 1}};
  minmax_results r;
  _mlir_ciface_minmax(&r, &md);
  printf("minmax: %g %g\n", r.r0.aligned[r.r0.offset], r.r1.aligned[r.r1.offset]);
  free(r.r0.allocated);
  free(r.r1.allocated);
  return 0;
}
