import numpy as np

@vectorize
def norm_of(v):
    return np.sum(v) + 1.0

def main():
    x = np.ones(4)
    print(norm_of(x))

# Tests that a call a scalar body cannot compile (an array reduction) is an
# error at the callee's name.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-call.arr:5:15: error: 'np.sum' is not supported in a @vectorize function (scalar arithmetic, comparisons, math functions such as np.sqrt/np.exp/np.arctan2, abs, min, max, float, int, and calls of other functions of the module)
