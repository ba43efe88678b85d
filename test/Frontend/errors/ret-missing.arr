def f(x: f32[n]) -> f32[n]:
    y = x

# Tests that a function with results must end with return.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-missing.arr:1:1: error: function 'f' must end with a 'return' statement
# CHECK-NEXT: {{^}}def f(x: f32[n]) -> f32[n]:
# CHECK-NEXT: {{^}}^{{$}}
