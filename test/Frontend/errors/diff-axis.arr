import numpy as np

def f(x: f64[n]) -> f64[m]:
    return np.diff(x, axis=1)

# Tests that np.diff with an axis out of bounds names the axis and the rank.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}diff-axis.arr:4:28: error: axis 1 is out of bounds for array of dimension 1
# CHECK-NEXT: {{^}}    return np.diff(x, axis=1)
# CHECK-NEXT: {{^}}                           ^{{$}}
