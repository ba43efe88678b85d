import numpy as np

def f(x: i64[n], i: i64[m], v: f64[m]):
    np.add.at(x, i, v)

# Tests that np.add.at of float values into an integer array is NumPy's same_kind TypeError.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ufunc-at-cast.arr:4:21: error: np.add.at(): cannot cast the values (f64[m]) to the array's i64[n] with casting rule 'same_kind' (NumPy's TypeError)
# CHECK-NEXT: {{^}}    np.add.at(x, i, v)
# CHECK-NEXT: {{^}}                    ^{{$}}
