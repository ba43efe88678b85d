import numpy as np

def f(x: f64[n, 2]) -> f64[n, 3]:
    return np.vander(x, 3)

# Tests that np.vander of a 2-d array gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vander-2d.arr:4:22: error: x must be a one-dimensional array or sequence.
# CHECK-NEXT: {{^}}    return np.vander(x, 3)
# CHECK-NEXT: {{^}}                     ^{{$}}
