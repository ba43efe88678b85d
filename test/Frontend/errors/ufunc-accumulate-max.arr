import numpy as np

def f(x: f64[n]) -> f64[n]:
    return np.maximum.accumulate(x)

# Tests that np.maximum.accumulate is rejected with what is supported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ufunc-accumulate-max.arr:4:12: error: 'np.maximum.accumulate' is not supported yet (reduce: add, multiply, maximum, minimum; accumulate: add, multiply)
# CHECK-NEXT: {{^}}    return np.maximum.accumulate(x)
# CHECK-NEXT: {{^}}           ^{{$}}
