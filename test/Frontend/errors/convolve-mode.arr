import numpy as np

def f(x: f64[n], k: f64[m]) -> f64[p]:
    return np.convolve(x, k, mode="circular")

# Tests that np.convolve rejects a mode NumPy does not have.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}convolve-mode.arr:4:35: error: np.convolve(): mode must be one of 'valid', 'same', or 'full'
# CHECK-NEXT: {{^}}    return np.convolve(x, k, mode="circular")
# CHECK-NEXT: {{^}}                                  ^{{$}}
