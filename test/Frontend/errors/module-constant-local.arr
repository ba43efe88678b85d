SCALE = 2.0

def f(x: f64[n]) -> f64[n]:
    y = x * SCALE
    SCALE = 3.0
    return y * SCALE

# Tests that a function that assigns a module constant's name reads its own
# (unbound) local, as Python does (UnboundLocalError), not the constant.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-constant-local.arr:4:13: error: local variable 'SCALE' is read before it is assigned (UnboundLocalError): 'f' assigns it, which makes it local and hides the module's 'SCALE'
