def f(x: f64[n]) -> f64:
    return x[round(np.inf)]

# Tests that Python's round() of an infinite literal (no int has its value) is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}round-python.arr:2:23: error: cannot convert float infinity to integer
