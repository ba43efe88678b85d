def f(a: f64[2, 5, 3], b: f64[2, 5]) -> f64[2, 3]:
    x, res, rank, s = np.linalg.lstsq(a, b)
    return x

# Tests that lstsq of stacks is an error (NumPy 1.x has no stacked lstsq).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-lstsq-stack.arr:2:23: error: linalg.lstsq: a must be two-dimensional and b one- or two-dimensional (stacks are not supported), got f64[2, 5, 3] and f64[2, 5]
