def f(a: f64[3]) -> f64:
    return linalg.det(a)

# Tests that a matrix function rejects a vector.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-rank.arr:2:23: error: linalg.det: 1-dimensional array given. Array must be at least two-dimensional (f64[3])
