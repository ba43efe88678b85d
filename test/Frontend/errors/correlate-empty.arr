import numpy as np

def f(x: f64[n]) -> f64[p]:
    return np.correlate(np.ones(3), np.zeros(0))

# Tests that np.correlate of an empty second argument (sizes known) gives
# NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}correlate-empty.arr:4:12: error: second array argument cannot be empty
# CHECK-NEXT: {{^}}    return np.correlate(np.ones(3), np.zeros(0))
# CHECK-NEXT: {{^}}           ^{{$}}
