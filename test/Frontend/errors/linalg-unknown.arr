def f(a: f64[3, 3]) -> f64[3, 3]:
    return linalg.tensorinv(a)

# Tests that a linalg function arrayc lacks is named in the error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-unknown.arr:2:19: error: 'linalg.tensorinv' is not supported (the linalg functions are det, slogdet, inv, pinv, solve, lstsq, cholesky, qr, svd, eigh, eig, eigvals, matrix_power, norm)
