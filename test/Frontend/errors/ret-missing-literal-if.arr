def f(x: f32[n]) -> f32[n]:
    if False:
        return x
    elif True:
        x = x + 1.0

# Tests that a literal condition decides which branch counts for the
# every-path-returns check: `if False: return` does not return, and an
# `elif True:` branch without a return falls through to the end.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck %s
# CHECK: ret-missing-literal-if.arr:2:5: error: function 'f' can reach its end without a 'return'
