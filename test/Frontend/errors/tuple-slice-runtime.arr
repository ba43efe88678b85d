import numpy as np

def f(x: f64[n, m], k: i64) -> i64:
    return x.shape[:k][0]

# Tests that a tuple sliced by a run-time bound is rejected at the bound.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}tuple-slice-runtime.arr:4:21: error: a tuple can only be sliced by integer literals (a step other than 0)
# CHECK-NEXT: {{^}}    return x.shape[:k][0]
# CHECK-NEXT: {{^}}                    ^{{$}}
