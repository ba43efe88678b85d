def f(a: f64[5, 3], b: f64[5], r: f64) -> f64[3]:
    x, res, rank, s = np.linalg.lstsq(a, b, rcond=r)
    return x

# Tests that lstsq's rcond must be None or a number literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-lstsq-rcond.arr:2:51: error: linalg.lstsq(): rcond must be None or a number literal
