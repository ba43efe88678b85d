import numpy as np

def f(x: f64[4]) -> f64[14]:
    return np.pad(x, 5, mode="reflect")

# Tests that a reflect pad wider than a static axis is rejected (NumPy would reflect repeatedly).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}pad-reflect-wide.arr:4:12: error: pad(): mode 'reflect' with a pad width larger than the axis is not supported (axis 0 has 4 elements)
# CHECK-NEXT: {{^}}    return np.pad(x, 5, mode="reflect")
# CHECK-NEXT: {{^}}           ^{{$}}
