import numpy as np

def f(x: c128[n]) -> c128:
    return np.nansum(x)

# Tests that nan-reductions of complex arrays are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}nan-complex.arr:4:12: error: np.nansum() is not supported for complex numbers (c128[n])
# CHECK-NEXT: {{^}}    return np.nansum(x)
# CHECK-NEXT: {{^}}           ^{{$}}
