import numpy as np

def f(x: f64[n]):
    np.fill_diagonal(x, 0.0)

# Tests that np.fill_diagonal of a 1-d array gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fill-diagonal-1d.arr:4:5: error: array must be at least 2-d
# CHECK-NEXT: {{^}}    np.fill_diagonal(x, 0.0)
# CHECK-NEXT: {{^}}    ^{{$}}
