import numpy as np

def f(x: f64[n], i: i64[m]):
    np.multiply.at(x, i, 2.0)

# Tests that np.multiply.at is rejected with the ufunc.at methods that are supported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ufunc-at-multiply.arr:4:17: error: 'np.multiply.at' is not supported yet (add.at and subtract.at are)
# CHECK-NEXT: {{^}}    np.multiply.at(x, i, 2.0)
# CHECK-NEXT: {{^}}                ^{{$}}
