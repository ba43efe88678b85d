import numpy as np

def f(x: f64[n, m]) -> i64:
    return np.nanargmax(x, axis=(0, 1))

# Tests that nanargmax takes one axis, not a tuple.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}nanargmax-axes.arr:4:34: error: np.nanargmax(): axis must be None or an integer literal
# CHECK-NEXT: {{^}}    return np.nanargmax(x, axis=(0, 1))
# CHECK-NEXT: {{^}}                                 ^{{$}}
