import numpy as np

def f(x: f64[n, 4]) -> f64[n, 4]:
    return np.cross(x, x)

# Tests that cross of vectors whose size is not 2 or 3 is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}cross-size.arr:4:12: error: np.cross(): the last axes of both arguments must have the same known size, 2 or 3 (got f64[n, 4] and f64[n, 4])
# CHECK-NEXT: {{^}}    return np.cross(x, x)
# CHECK-NEXT: {{^}}           ^{{$}}
