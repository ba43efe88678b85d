def f(x: f64[n]) -> f64[n]:
    y = x; if y[0] > 0: y = -y
    return y

# Tests that a compound statement cannot follow ';' on one line (Python's rule).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}semicolon-compound.arr:2:12: error: 'if' cannot follow ';' or ':' on one line; start it on a new line
