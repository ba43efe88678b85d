import numpy as np

def f(x: f64[n]) -> i64[n]:
    return np.unravel_index(x, (3, 4))[0]

# Tests that unravel_index of float indices gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unravel-float.arr:4:29: error: only int indices permitted
# CHECK-NEXT: {{^}}    return np.unravel_index(x, (3, 4))[0]
# CHECK-NEXT: {{^}}                            ^{{$}}
