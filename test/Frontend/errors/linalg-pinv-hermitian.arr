def f(a: f64[3, 3]) -> f64[3, 3]:
    return np.linalg.pinv(a, hermitian=True)

# Tests that pinv(hermitian=True) is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-pinv-hermitian.arr:2:40: error: linalg.pinv(): hermitian=True is not supported
