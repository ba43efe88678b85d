import numpy as np
from math import pi, sqrt

def main():
    print(sqrt(pi))

# Tests that math's functions are not taken for NumPy's (math.sqrt(-1.0)
# raises where np.sqrt returns nan); its constants are.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}from-math-function.arr:2:22: error: 'from math import sqrt': arrayc takes math's constants (pi, e, inf, nan) only; math's functions raise where NumPy's return nan (math.sqrt(-1.0)): import NumPy's (`from numpy import sqrt`)
