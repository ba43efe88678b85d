import numpy as np

def f() -> f64[p]:
    return np.hamming(2.5)

# Tests that a window length must be an integer.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}window-float.arr:4:23: error: np.hamming(): M must be an integer, got a Python float
# CHECK-NEXT: {{^}}    return np.hamming(2.5)
# CHECK-NEXT: {{^}}                      ^{{$}}
