# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Unpacking an array into names gives its rows along axis 0, views as when
# NumPy iterates the array: quartiles from one np.percentile call, a write
# through an unpacked row seen in the matrix, a run-time number of rows, and
# one array bound twice through a tuple.
# INPUT: X f64 [3, 40]
# INPUT: P f32 [2, 7]
# OUTPUT: X
# OUTPUT: P
# OUTPUT: iqr
# OUTPUT: s
import numpy as np

def quartile_spread(X):
    q1, med, q3 = np.percentile(X, [25, 50, 75], axis=0)
    return (q3 - q1) / (np.abs(med) + 1.0)

def main():
    X: f64[n, m] = np.load("X.npy")
    P: f32[2, 7] = np.load("P.npy")
    iqr = quartile_spread(X)
    first, second, third = X
    second[::2] = 0.5 * first[::2]
    lo, hi = P
    hi += lo
    a, b = P, P
    a[0, 0] = 3.0
    s = b[0] + third[:7]
    np.save("X.npy", X)
    np.save("P.npy", P)
    np.save("iqr.npy", iqr)
    np.save("s.npy", s)
