def f(x: f32[n]) -> f32[n]:
    y = x

# Tests that a function with results must return on every path.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-missing.arr:2:5: error: function 'f' can reach its end without a 'return' (Python would return None) but its signature declares f32[n]
# CHECK-NEXT: {{^}}    y = x
# CHECK-NEXT: {{^}}    ^{{$}}
