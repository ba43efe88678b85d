def f(x: f32[n, 4]) -> f32[n, 4]:
    x[::-1][0] = 1.0
    return x

# Tests that assignment through a chained index is rejected (value semantics: no views).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}assign-chain.arr:2:6: error: assignment to an indexed target needs a variable name before '['
# CHECK-NEXT: {{^}}    x[::-1][0] = 1.0
# CHECK-NEXT: {{^}}     ^{{$}}
