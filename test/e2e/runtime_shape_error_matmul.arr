# RUN: %e2e %s
# Tests that the core dims of @ that agree only at run time are checked
# then: NumPy's matmul message, the sizes, the location.
# INPUT: a f64 [6, 3]
# INPUT: b f64 [4, 2]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_matmul.arr:13:11: matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size 4 is different from 3)
import numpy as np

def main():
    a: f64[r, k] = np.load("a.npy")
    b: f64[p, c] = np.load("b.npy")
    d = a @ b
    np.save("d.npy", d)
