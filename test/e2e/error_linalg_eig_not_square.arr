# RUN: %e2e %s
# Tests that eig of a matrix whose sizes are known only at run time and
# differ is a run-time error of the runtime (NumPy's LinAlgError).
# INPUT-RAW: a f64 [3, 4]
# OUTPUT: r
# EXPECT-ERROR: linalg.eig: Last 2 dimensions of the array must be square, got shape (3, 4)
# EXPECT-EXIT: 1
import numpy as np

def main():
    a: f64[m, n] = np.load("a.npy")
    w, v = np.linalg.eig(a)
    np.save("r.npy", np.abs(w))
