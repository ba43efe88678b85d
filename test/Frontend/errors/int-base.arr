import numpy as np

def main():
    table = np.array([int('{:08b}'.format(i)[::-1], 2) for i in range(256)])
    np.save("t.npy", table)

# Tests that int(s, base), which parses a string (a bit-reversal table built
# by string formatting), says that arrayc has no strings and what to do.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}int-base.arr:4:53: error: int(x, base) reads the digits of a string; arrayc programs have no strings: compute the number with integer operations (bit shifts and masks for binary digits)
