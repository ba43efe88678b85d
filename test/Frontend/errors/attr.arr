def f(x: f32[n, m]) -> f32[m, n]:
    return x.T

# Tests that attributes such as .T are rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}attr.arr:2:14: error: attribute '.T' is not supported yet
# CHECK-NEXT: {{^}}    return x.T
# CHECK-NEXT: {{^}}             ^{{$}}
