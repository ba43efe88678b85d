def f(x: f32[n, 4]) -> f32[n, 4]:
    x[1:, :2] = x
    return x

# Tests that an indexed assignment whose value does not broadcast to the target is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}assign-broadcast.arr:2:6: error: could not broadcast input array from shape f32[n, 4] into shape f32[n-1, 2]
# CHECK-NEXT: {{^}}    x[1:, :2] = x
# CHECK-NEXT: {{^}}     ^{{$}}
