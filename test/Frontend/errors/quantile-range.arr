import numpy as np

def f(x: f64[n]) -> f64:
    return np.quantile(x, 1.5)

# Tests that a literal quantile outside [0, 1] is NumPy's ValueError at compile time.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}quantile-range.arr:4:27: error: Quantiles must be in the range [0, 1]
# CHECK-NEXT: {{^}}    return np.quantile(x, 1.5)
# CHECK-NEXT: {{^}}                          ^{{$}}
