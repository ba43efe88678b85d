# RUN: %e2e %s
# Tests that a negative matrix_power of a singular matrix is NumPy's
# LinAlgError "Singular matrix", located at the call.
# INPUT: x f64 [3]
# OUTPUT: r
# EXPECT-ERROR: error_linalg_matrix_power_singular.arr:13:9: linalg.inv: Singular matrix
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f64[3] = np.load("x.npy")
    a = np.ones((3, 3))
    r = np.linalg.matrix_power(a, -1)
    np.save("r.npy", r @ x)
