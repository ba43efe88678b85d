import numpy as np

@reduction(identity=0.0)
def peak(a, b):
    return max(a, abs(b))

def main():
    z = np.ones(4) * 1j
    print(peak(z))

# Tests that complex arrays are rejected at the argument.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reduction-complex.arr:9:16: error: a @reduction function computes on bool, signed integers and floats, not complex128
