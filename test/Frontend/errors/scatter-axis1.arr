import numpy as np

def f(A: f64[n, m], i: i64[k]):
    A[:, i] = 0.0

# Tests that index arrays after a ':' in an assignment to a 2-d array are rejected (those on the leading axes work).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}scatter-axis1.arr:4:6: error: assigning through index arrays that follow a ':' is not supported yet for f64[n, m] (index arrays on the leading axes are)
# CHECK-NEXT: {{^}}    A[:, i] = 0.0
# CHECK-NEXT: {{^}}     ^{{$}}
