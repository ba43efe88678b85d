import numpy as np

A, B = np.ones(3), np.zeros(3)

def main():
    print(A + B)

# Tests that module-level arrays are defined one name at a time.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-array-unpack.arr:3:1: error: a module-level array is defined one name at a time (`KX = np.array(...)`), not unpacked from a tuple
