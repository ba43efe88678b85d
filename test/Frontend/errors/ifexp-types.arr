def f(x: f32[n], c: bool) -> f32[n]:
    y = x if c else np.zeros(3)
    return y

# Tests that a conditional expression whose two values differ in type is
# rejected at the expression.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ifexp-types.arr:2:11: error: the two values of the conditional expression have different types; convert one so that both have one type (e.g. float(x))
