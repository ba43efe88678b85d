import numpy as np

def f(x: f64[n, m]):
    np.fill_diagonal(x, 0.0, wrap=True)

# Tests that wrap=True is rejected (not supported yet).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}fill-diagonal-wrap.arr:4:35: error: np.fill_diagonal(): wrap=True is not supported yet
# CHECK-NEXT: {{^}}    np.fill_diagonal(x, 0.0, wrap=True)
# CHECK-NEXT: {{^}}                                  ^{{$}}
