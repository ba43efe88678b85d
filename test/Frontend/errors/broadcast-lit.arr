def f(x: f32[n], y: f32[3]) -> f32[n]:
    return x * y

# Tests that a literal dim does not broadcast against a named dim.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-lit.arr:2:14: error: operands could not be broadcast together with shapes f32[n] and f32[3]
# CHECK-NEXT: {{^}}    return x * y
# CHECK-NEXT: {{^}}             ^{{$}}
