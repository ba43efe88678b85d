import numpy as np

def f(x: f64[n], y: f64[m], k: i64):
    x[::k] = y

# Tests that storing an array (not one value) into a slice with a run-time
# step is rejected with a clear message.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}slice-runtime-step-array.arr:4:6: error: storing an array into a slice with a run-time step is not supported yet (only one value)
# CHECK-NEXT: {{^}}    x[::k] = y
# CHECK-NEXT: {{^}}     ^{{$}}
