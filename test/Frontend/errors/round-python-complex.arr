def f(x: f64[n]) -> f64:
    return x[round(1.5 + 2j)]

# Tests that Python's round() of a complex number is a located error, as Python's TypeError.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}round-python-complex.arr:2:{{[0-9]+}}: error: type complex doesn't define __round__ method
