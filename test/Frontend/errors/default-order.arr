def f(x: f64[n], s=2.0, t) -> f64[n]:
    return x * s + t

# Tests that a parameter without a default cannot follow one with a default.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}default-order.arr:1:25: error: parameter 't' without a default follows one with a default (non-default argument follows default argument)
