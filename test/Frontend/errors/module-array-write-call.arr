import numpy as np

K = np.ones(3)

def scale(v, f):
    v *= f

def main():
    scale(K, 2.0)
    print(K)

# Tests that passing a module-level array to a function that writes its
# parameter is a located error at the argument.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-array-write-call.arr:9:11: error: cannot write to the module-level array 'K'
