def f(x: f32[n]) -> f32[n]:
    return x // 2

# Tests that operators outside the spine are rejected at the operator.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}floordiv.arr:2:14: error: operator '//' is not supported yet
# CHECK-NEXT: {{^}}    return x // 2
# CHECK-NEXT: {{^}}             ^{{$}}
