# RUN: %e2e %s
# Tests that inv of an exactly singular matrix is a run-time error naming
# the op and its location (NumPy's LinAlgError), never NaNs, and that
# nothing is saved.
# INPUT: x f64 [3]
# OUTPUT: r
# EXPECT-ERROR: error_linalg_singular.arr:14:9: linalg.inv: Singular matrix
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f64[3] = np.load("x.npy")
    a = np.arange(9.0).reshape(3, 3)
    r = linalg.inv(a)
    np.save("r.npy", r @ x)
