import numpy as np

def f(x: f64[n]) -> f64[n, n]:
    return np.fromfunction(x, (3, 3))

# Tests that np.fromfunction needs a function of the module.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fromfunction-name.arr:4:28: error: np.fromfunction(): the function must be the name of a function defined in this module
# CHECK-NEXT: {{^}}    return np.fromfunction(x, (3, 3))
# CHECK-NEXT: {{^}}                           ^{{$}}
