def f(a: f64[3, 4]) -> c128[3]:
    return np.linalg.eigvals(a)

# Tests that eigvals of a matrix known not square is NumPy's LinAlgError at compile time.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-eigvals-square.arr:2:12: error: linalg.eigvals: Last 2 dimensions of the array must be square, got f64[3, 4]
