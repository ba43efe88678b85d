def f(x: f32[n]) -> f32[n]:
    return x[::0]

# Tests that a zero slice step is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}slice-step0.arr:2:16: error: slice step cannot be zero
# CHECK-NEXT: {{^}}    return x[::0]
# CHECK-NEXT: {{^}}               ^{{$}}
