def f(x: f32[3, 4]) -> f32[3, 4]:
    return np.swapaxes(x, 0, 2)

# Tests that an out-of-range axis is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}swapaxes-oob.arr:2:30: error: axis 2 is out of bounds for array of dimension 2
# CHECK-NEXT: {{^}}    return np.swapaxes(x, 0, 2)
# CHECK-NEXT: {{^}}                             ^{{$}}
