import numpy as np

K = np.ones(3)

def bump(i):
    k = K
    k[i] = 2.0

def main():
    bump(1)
    print(K)

# Tests that writing to a module-level array, through any name, is a located
# error (NumPy would change the module's array for every later reader).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-array-write.arr:7:6: error: cannot write to the module-level array 'K': arrayc evaluates a module-level array in each function that reads it, so the write would not be seen elsewhere; make it in main() and pass it to the functions that write it
