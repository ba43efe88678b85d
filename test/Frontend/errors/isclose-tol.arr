import numpy as np

def f(x: f64[n]) -> bool[n]:
    return np.isclose(x, x, rtol=1j)

# Tests that isclose with a complex tolerance is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}isclose-tol.arr:4:34: error: np.isclose(): rtol must be a real number
# CHECK-NEXT: {{^}}    return np.isclose(x, x, rtol=1j)
# CHECK-NEXT: {{^}}                                 ^{{$}}
