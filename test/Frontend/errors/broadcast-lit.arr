def f(x: f32[n, 4], y: f32[3]) -> f32[n, 4]:
    return x * y

# Tests that a literal dim does not broadcast against a different literal dim
# (a named dim against a literal is checked at run time instead).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-lit.arr:2:14: error: operands could not be broadcast together with shapes f32[n, 4] and f32[3]
# CHECK-NEXT: {{^}}    return x * y
# CHECK-NEXT: {{^}}             ^{{$}}
