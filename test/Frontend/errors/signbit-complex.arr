import numpy as np

def f(x: c128[n]) -> bool[n]:
    return np.signbit(x)

# Tests that signbit of complex gives NumPy's error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}signbit-complex.arr:4:23: error: ufunc 'signbit' not supported for the input types
# CHECK-NEXT: {{^}}    return np.signbit(x)
# CHECK-NEXT: {{^}}                      ^{{$}}
