# RUN: %e2e %s
# Tests that lstsq with b's rows not matching a's (sizes known only at run
# time) is a run-time error naming both shapes (NumPy's LinAlgError).
# INPUT-RAW: a f64 [5, 3]
# INPUT-RAW: b f64 [4]
# OUTPUT: r
# EXPECT-ERROR: linalg.lstsq: Incompatible dimensions: a of shape (5, 3), b of shape (4,)
# EXPECT-EXIT: 1
import numpy as np

def main():
    a: f64[m, n] = np.load("a.npy")
    b: f64[k] = np.load("b.npy")
    x, res, rank, s = np.linalg.lstsq(a, b, rcond=None)
    np.save("r.npy", x)
