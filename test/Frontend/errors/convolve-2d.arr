import numpy as np

def f(x: f64[n, 3], k: f64[m]) -> f64[p]:
    return np.convolve(x, k)

# Tests that np.convolve of a 2-d array gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}convolve-2d.arr:4:12: error: object too deep for desired array
# CHECK-NEXT: {{^}}    return np.convolve(x, k)
# CHECK-NEXT: {{^}}           ^{{$}}
