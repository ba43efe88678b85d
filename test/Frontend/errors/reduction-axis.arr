import numpy as np

@reduction(identity=0.0)
def peak(a, b):
    return max(a, abs(b))

def main():
    m = np.ones((3, 4))
    print(peak(m, axis=-3))

# Tests that an axis out of range is NumPy's error at the axis.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reduction-axis.arr:9:24: error: axis -3 is out of bounds for array of dimension 2
