import numpy as np

def f(x: f64[n], w=np.ones(3)) -> f64[n]:
    return x * w.sum()

def main():
    print(f(np.ones(4)))

# Tests that a default value must be a number, a boolean or None.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}default-array.arr:3:20: error: a default value must be a number, a boolean or None
