import numpy as np

def f(x: f64[n]) -> f64[n]:
    return np.add.reduceat(x, x)

# Tests that an unknown ufunc method names the supported ones.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ufunc-method-unknown.arr:4:19: error: 'np.add.reduceat' is not supported (the ufunc methods are outer, reduce, accumulate and at)
# CHECK-NEXT: {{^}}    return np.add.reduceat(x, x)
# CHECK-NEXT: {{^}}                  ^{{$}}
