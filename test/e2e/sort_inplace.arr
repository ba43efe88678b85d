# RUN: %e2e %s
# Tests in-place sorting as NumPy users write it: `a.sort()` on a variable,
# on a view (rows of a matrix, through a helper that mutates its argument),
# and `.argsort()` to reorder another array.
# INPUT: x f64 [33]
# INPUT: A f32 [4, 6]
# INPUT: w f64 [33]
# OUTPUT: x1
# OUTPUT: A1
# OUTPUT: w1
# OUTPUT: median
import numpy as np

def sort_rows(M: f32[r, c]):
    M.sort(axis=1)

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    w: f64[n] = np.load("w.npy")
    w1 = w[x.argsort()]
    x.sort()
    median = x[x.shape[0] // 2]
    sort_rows(A[1:3])
    np.save("x1.npy", x)
    np.save("A1.npy", A)
    np.save("w1.npy", w1)
    np.save("median.npy", median)
