import numpy as np

def f(x: f64[n, m]) -> f64[k]:
    return np.unique(x, axis=0)

# Tests that unique's axis= is rejected as not supported yet.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unique-axis.arr:4:30: error: np.unique(): axis= is not supported yet (only the flattened array's unique values)
# CHECK-NEXT: {{^}}    return np.unique(x, axis=0)
# CHECK-NEXT: {{^}}                             ^{{$}}
