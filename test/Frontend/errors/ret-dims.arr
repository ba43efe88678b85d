def f(x: f32[3], y: f32[4]) -> f32[3]:
    return y

# Tests that a returned static dim is checked against the signature (named
# dims that differ are checked at run time instead).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-dims.arr:2:5: error: 'f' has type f32[4] here but its signature declares f32[3]
# CHECK-NEXT: {{^}}    return y
# CHECK-NEXT: {{^}}    ^{{$}}
