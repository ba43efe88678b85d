def f(x: f32[n], y: f32[m]) -> f32[n]:
    return y

# Tests that a returned dim is checked by name against the signature.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ret-dims.arr:2:5: error: 'f' has type f32[m] here but its signature declares f32[n]
# CHECK-NEXT: {{^}}    return y
# CHECK-NEXT: {{^}}    ^{{$}}
