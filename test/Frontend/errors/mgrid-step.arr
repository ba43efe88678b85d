import numpy as np

def f(k: i64) -> i64[p]:
    return np.mgrid[0:10:k]

# Tests that an mgrid step must be a literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}mgrid-step.arr:4:26: error: np.mgrid/np.ogrid: a step must be a number literal (or an imaginary count such as 5j)
# CHECK-NEXT: {{^}}    return np.mgrid[0:10:k]
# CHECK-NEXT: {{^}}                         ^{{$}}
