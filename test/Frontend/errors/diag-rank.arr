import numpy as np

def f(x: f64[n, m, k]) -> f64[n]:
    return np.diag(x)

# Tests that diag of a 3-d array gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}diag-rank.arr:4:20: error: Input must be 1- or 2-d.
# CHECK-NEXT: {{^}}    return np.diag(x)
# CHECK-NEXT: {{^}}                   ^{{$}}
