import numpy as np

def f(x: f64[n]) -> i64[10]:
    return np.histogram(x, bins=2.5)[0]

# Tests that a float bins count is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}histogram-bins.arr:4:33: error: np.histogram(): bins must be an integer or a 1-d array of edges
# CHECK-NEXT: {{^}}    return np.histogram(x, bins=2.5)[0]
# CHECK-NEXT: {{^}}                                ^{{$}}
