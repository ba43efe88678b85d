import numpy as np
from math import pi, gamma

def main():
    print(gamma(pi))

# Tests that a function of math that arrayc lacks, imported by name, is an
# error at its call naming it (math's supported functions:
# test/e2e/math_module.arr).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}from-math-function.arr:5:11: error: 'math.gamma' is not supported (arrayc has math's functions of one real number: sqrt, exp, log, sin, floor, ..., and pow, atan2, hypot)
