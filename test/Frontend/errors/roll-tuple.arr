import numpy as np

def f(x: f64[n, m]) -> f64[n, m]:
    return np.roll(x, (1, 2), axis=(0, 1))

# Tests that np.roll with a tuple of shifts is rejected with a clear message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}roll-tuple.arr:4:24: error: np.roll(): shift must be an integer (a tuple of shifts is not supported yet)
# CHECK-NEXT: {{^}}    return np.roll(x, (1, 2), axis=(0, 1))
# CHECK-NEXT: {{^}}                       ^{{$}}
