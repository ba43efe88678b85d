import numpy as np

def f(x: f64[n]) -> f64[n, n]:
    X, Y = np.meshgrid(x, x, indexing="yx")
    return X

# Tests that meshgrid with an unknown indexing gives NumPy's message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}meshgrid-indexing.arr:4:39: error: Valid values for `indexing` are 'xy' and 'ij'.
# CHECK-NEXT: {{^}}    X, Y = np.meshgrid(x, x, indexing="yx")
# CHECK-NEXT: {{^}}                                      ^{{$}}
