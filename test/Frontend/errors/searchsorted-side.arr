import numpy as np

def f(a: f64[n], v: f64[m]) -> i64[m]:
    return np.searchsorted(a, v, side='middle')

# Tests that searchsorted's side must be 'left' or 'right'.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}searchsorted-side.arr:4:39: error: np.searchsorted(): side must be 'left' or 'right'
# CHECK-NEXT: {{^}}    return np.searchsorted(a, v, side='middle')
# CHECK-NEXT: {{^}}                                      ^{{$}}
