import numpy as np

def f(x: f64[n]) -> f64[n]:
    return np.subtract.accumulate(x)

# Tests that a ufunc accumulate other than add/multiply/maximum/minimum is
# rejected with what is supported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ufunc-accumulate-subtract.arr:4:12: error: 'np.subtract.accumulate' is not supported yet (reduce and accumulate: add, multiply, maximum, minimum)
# CHECK-NEXT: {{^}}    return np.subtract.accumulate(x)
# CHECK-NEXT: {{^}}           ^{{$}}
