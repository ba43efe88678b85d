import numpy as np

def f(x: f64[n], w=np.ones(3)) -> f64[n]:
    return x * w.sum()

def main():
    print(f(np.ones(4)))

# Tests that a default value is a number, a boolean, None, a tuple of
# numbers or a module-level array (one array for every call, as Python's).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}default-array.arr:3:20: error: a default value must be a number, a boolean, None, a tuple of numbers or a module-level array (Python evaluates it once, at `def`), got f64[3]
