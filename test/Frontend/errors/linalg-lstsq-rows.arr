def f(a: f64[5, 3], b: f64[4]) -> f64[3]:
    x, res, rank, s = np.linalg.lstsq(a, b, rcond=None)
    return x

# Tests that lstsq with b's rows unlike a's is an error (NumPy's LinAlgError).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-lstsq-rows.arr:2:23: error: linalg.lstsq: Incompatible dimensions: f64[5, 3] and f64[4]
