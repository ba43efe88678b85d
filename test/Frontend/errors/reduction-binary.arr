import numpy as np

@reduction(identity=0.0)
def peak(a):
    return abs(a)

def main():
    print(peak(np.ones(4)))

# Tests that a @reduction function must take (acc, x): an error at its def.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reduction-binary.arr:4:1: error: a @reduction function combines two values: `def peak(acc, x)`, got 1 parameter
