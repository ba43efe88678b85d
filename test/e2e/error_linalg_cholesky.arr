# RUN: %e2e %s
# Tests that cholesky of a matrix that is not positive definite is a
# run-time error.
# INPUT: x f64 [4]
# OUTPUT: r
# EXPECT-ERROR: linalg.cholesky: Matrix is not positive definite
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f64[4] = np.load("x.npy")
    a = np.ones((4, 4)) - np.eye(4)
    np.save("r.npy", linalg.cholesky(a) @ x)
