import numpy as np

K = np.zeros(3)
K[0] = 1.0

def main():
    print(K)

# Tests that a store into a module-level array at module level is a
# located error (module-level arrays are never written).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-array-store.arr:4:2: error: a module-level assignment binds names to numbers, tuples of numbers or arrays (`SCALE = 2.5`, `SHAPE = (3, 4)`, `KX = np.array(...)`); writing into an array at module level is not supported
