/* A C program using a library built by `arrayc --shared --mesh=2`, started
 * by mpirun: every process calls the sharded functions on the same whole
 * arrays, as with an executable; the library joins the MPI job at its first
 * collective and leaves it at exit. The arguments are printed after the
 * calls (they must be unchanged). */
#include "libshlib_mesh.h"

#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double a[64], b[64];
  for (int i = 0; i < 64; ++i) {
    a[i] = (i % 7) - 3;
    b[i] = (i % 5) + 1;
  }
  arrayc_memref_f64_1d ad = {a, a, 0, {64}, {1}}, bd = {b, b, 0, {64}, {1}};
  arrayc_memref_f64_0d d;
  for (int call = 0; call < 2; ++call) {
    _mlir_ciface_dot(&d, &ad, &bd);
    printf("dot: %.17g\n", d.aligned[d.offset]);
    free(d.allocated);
    a[0] += 1.0;
  }
  double m[32], v[4] = {1, -2, 3, -4};
  for (int i = 0; i < 32; ++i)
    m[i] = (i % 9) - 4;
  arrayc_memref_f64_2d md = {m, m, 0, {8, 4}, {4, 1}};
  arrayc_memref_f64_1d vd = {v, v, 0, {4}, {1}}, r;
  _mlir_ciface_rows(&r, &md, &vd);
  printf("rows:");
  for (int i = 0; i < 8; ++i)
    printf(" %g", r.aligned[r.offset + i]);
  printf("\n");
  free(r.allocated);
  double x[3] = {1, 2, 3}, s = 2.5;
  arrayc_memref_f64_1d xd = {x, x, 0, {3}, {1}}, y;
  arrayc_memref_f64_0d sd = {&s, &s, 0};
  _mlir_ciface_scale(&y, &xd, &sd);
  printf("scale: %g %g %g\n", y.aligned[y.offset], y.aligned[y.offset + 1],
         y.aligned[y.offset + 2]);
  free(y.allocated);
  printf("args: %g %g %g %g %g\n", a[0], a[63], b[63], m[31], v[3]);
  return 0;
}
