/* Calls the functions arrayc_add_library(scale SOURCES scale.arr) compiled. */
#include "scale.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double data[4] = {1, 2, 3, 4}, a = 3;
  arrayc_memref_f64_1d x = {data, data, 0, {4}, {1}};
  arrayc_memref_f64_0d s = {&a, &a, 0};
  arrayc_memref_f64_1d y;
  _mlir_ciface_scale(&y, &x, &s);
  printf("scale:");
  for (int64_t i = 0; i < y.sizes[0]; ++i)
    printf(" %g", y.aligned[y.offset + i * y.strides[0]]);
  printf("\n");
  free(y.allocated);
  return 0;
}
