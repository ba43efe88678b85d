import numpy as np

def f(x: f64[n, m]) -> f64[n, 1]:
    return np.median(x, axis=1, keepdims=True)

# Tests that median's keepdims=True is rejected as not supported yet.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}median-keepdims.arr:4:42: error: np.median(): keepdims=True is not supported yet
# CHECK-NEXT: {{^}}    return np.median(x, axis=1, keepdims=True)
# CHECK-NEXT: {{^}}                                         ^{{$}}
