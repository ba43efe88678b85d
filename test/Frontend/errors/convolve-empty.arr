import numpy as np

def f(x: f64[n]) -> f64[p]:
    return np.convolve(np.zeros(0), np.ones(3))

# Tests that np.convolve of an empty array (sizes known) gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}convolve-empty.arr:4:12: error: v cannot be empty
# CHECK-NEXT: {{^}}    return np.convolve(np.zeros(0), np.ones(3))
# CHECK-NEXT: {{^}}           ^{{$}}
