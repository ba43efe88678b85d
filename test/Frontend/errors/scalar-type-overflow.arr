import numpy as np

def f(x: f64[n]) -> i8:
    return np.int8(300)

# Tests that np.int8(300) is an overflow error, not a wrapped value.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}scalar-type-overflow.arr:4:20: error: Python integer 300 is out of bounds for i8
# CHECK-NEXT: {{^}}    return np.int8(300)
# CHECK-NEXT: {{^}}                   ^{{$}}
