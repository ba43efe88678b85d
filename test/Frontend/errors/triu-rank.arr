import numpy as np

def f(x: f64[n]) -> f64[n]:
    return np.triu(x)

# Tests that triu of a 1-d array is rejected (it needs 2 dimensions).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}triu-rank.arr:4:20: error: np.triu() of a 1-d array is not supported (it needs at least 2 dimensions)
# CHECK-NEXT: {{^}}    return np.triu(x)
# CHECK-NEXT: {{^}}                   ^{{$}}
