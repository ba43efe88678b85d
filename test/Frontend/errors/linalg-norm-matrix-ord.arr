def f(a: f64[3, 3]) -> f64:
    return linalg.norm(a, 3)

# Tests that an ord not defined for matrices is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-norm-matrix-ord.arr:2:27: error: linalg.norm: Invalid norm order for matrices
