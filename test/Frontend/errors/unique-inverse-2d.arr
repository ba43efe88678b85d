import numpy as np

def f(x: i64[n, m]) -> i64[k]:
    return np.unique(x, return_inverse=True)[1]

# Tests that unique's return_inverse of a 2-d array is rejected (its shape differs between NumPy 1 and 2).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unique-inverse-2d.arr:4:12: error: np.unique(): return_inverse of an array of rank > 1 is not supported (the inverse's shape differs between NumPy 1 and 2)
# CHECK-NEXT: {{^}}    return np.unique(x, return_inverse=True)[1]
# CHECK-NEXT: {{^}}           ^{{$}}
