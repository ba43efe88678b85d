def f(x: f32[n]) -> f64[n]:
    return x

# Tests that a returned dtype is checked against the signature.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-type.arr:2:5: error: 'f' has type f32[n] here but its signature declares f64[n]
# CHECK-NEXT: {{^}}    return x
# CHECK-NEXT: {{^}}    ^{{$}}
