def f(x: f32[n], k: i64) -> f32:
    return x[::k].sum()

# Tests that a run-time slice step is rejected (bounds may be run-time).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}slice-step-runtime.arr:2:16: error: a slice step must be an integer literal (a run-time step is not supported yet)
# CHECK-NEXT: {{^}}    return x[::k].sum()
# CHECK-NEXT: {{^}}               ^{{$}}
