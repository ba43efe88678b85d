def f(x: f32[3, 4]) -> f32[12]:
    return np.reshape(x, (-1, -1))

# Tests that two -1 entries in a shape are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reshape-two-unknown.arr:2:12: error: can only specify one unknown dimension
# CHECK-NEXT: {{^}}    return np.reshape(x, (-1, -1))
# CHECK-NEXT: {{^}}           ^{{$}}
