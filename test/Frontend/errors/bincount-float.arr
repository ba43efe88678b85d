import numpy as np

def f(x: f64[n]) -> i64[k]:
    return np.bincount(x)

# Tests that np.bincount of floats is rejected (NumPy casts x safely to int64).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}bincount-float.arr:4:24: error: np.bincount(): x must be integers that cast safely to int64, got f64[n]
# CHECK-NEXT: {{^}}    return np.bincount(x)
# CHECK-NEXT: {{^}}                       ^{{$}}
