import numpy as np

def f(x: f64[n]) -> f64[2, 2]:
    return np.array([[1.0, 2.0], [3.0]])

# Tests that np.array of nested lists of different lengths gives NumPy's inhomogeneous-shape error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}array-ragged.arr:4:34: error: setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part.
# CHECK-NEXT: {{^}}    return np.array({{\[\[}}1.0, 2.0], [3.0]])
# CHECK-NEXT: {{^}}                                 ^{{$}}
