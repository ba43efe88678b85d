import numpy as np

def f(x: f64[n], xp: f64[m], fp: f64[m]) -> f64[n]:
    return np.interp(x, xp, fp, period=1.0)

# Tests that interp's period= is rejected as not supported yet.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}interp-period.arr:4:40: error: np.interp(): period= is not supported yet
# CHECK-NEXT: {{^}}    return np.interp(x, xp, fp, period=1.0)
# CHECK-NEXT: {{^}}                                       ^{{$}}
