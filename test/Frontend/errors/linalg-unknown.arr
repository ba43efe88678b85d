def f(a: f64[3, 3]) -> f64[3]:
    return linalg.eig(a)

# Tests that a linalg function arrayc lacks is named in the error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-unknown.arr:2:19: error: 'linalg.eig' is not supported (the linalg functions are det, inv, solve, cholesky, qr, svd, eigh, norm)
