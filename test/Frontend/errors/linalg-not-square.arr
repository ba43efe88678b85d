def f(a: f32[3, 4]) -> f32[3, 4]:
    return np.linalg.inv(a)

# Tests that a static non-square matrix is a compile-time error with its type.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-not-square.arr:2:12: error: linalg.inv: Last 2 dimensions of the array must be square, got f32[3, 4]
# CHECK-NEXT: {{^}}    return np.linalg.inv(a)
# CHECK-NEXT: {{^}}           ^{{$}}
