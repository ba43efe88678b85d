def f(x: f32[n], y: f32[m]) -> f32[n]:
    return x + y

# Tests that differently named dims do not broadcast; both shapes are shown.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}broadcast-names.arr:2:14: error: operands could not be broadcast together with shapes f32[n] and f32[m]
# CHECK-NEXT: {{^}}    return x + y
# CHECK-NEXT: {{^}}             ^{{$}}
