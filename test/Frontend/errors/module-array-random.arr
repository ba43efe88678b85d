import numpy as np

W = np.random.rand(3)

def main():
    print(W)

# Tests that a module-level array cannot come from np.random: arrayc
# evaluates it in each function that reads it, which would draw again.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}module-array-random.arr:3:5: error: a module-level value is computed again in each function that reads it, so it cannot come from np.random, a file or a clock; make it in main() and pass it as an argument
