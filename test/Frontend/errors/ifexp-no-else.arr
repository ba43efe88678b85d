def f(x: f32[n], c: bool) -> f32[n]:
    y = x if c
    return y

# Tests that a conditional expression needs its else.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}ifexp-no-else.arr:2:15: error: expected 'else' in the conditional expression ('x if c else y'), got end of line
