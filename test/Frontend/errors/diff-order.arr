import numpy as np

def f(x: f64[n]) -> f64[n]:
    return np.diff(x, -1)

# Tests that np.diff with a negative order gives NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}diff-order.arr:4:23: error: order must be non-negative but got -1
# CHECK-NEXT: {{^}}    return np.diff(x, -1)
# CHECK-NEXT: {{^}}                      ^{{$}}
