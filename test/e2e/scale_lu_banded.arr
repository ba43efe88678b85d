# RUN: %e2e %s
# Tests a right-looking LU factorization (no pivoting) of a banded
# 4096 x 4096 matrix, as NumPy users write it: `for k in range(n - 1)` with
# slices whose bounds depend on k, updated in place. 4095 iterations, each
# with temporaries, runtime calls and index checks, under the default 8 MB
# stack: loops must not grow the stack (this crashed at n = 2000), and an
# update of a window must cost the window, not the whole matrix.
# INPUT: a f64 [4096, 4096]
# OUTPUT: lu 1e-10
import numpy as np

def band_lu(a: f64[n, n], b: i64) -> f64[n, n]:
    n = a.shape[0]
    A = a * 1.0
    for i in range(n):
        A[i, i] += 4.0 * b          # diagonally dominant: no pivoting needed
    for k in range(n - 1):
        e = np.minimum(k + b + 1, n)
        A[k+1:e, k] = A[k+1:e, k] / A[k, k]
        A[k+1:e, k+1:e] -= np.outer(A[k+1:e, k], A[k, k+1:e])
    return A

def main():
    a: f64[n, n] = np.load("a.npy")
    np.save("lu.npy", band_lu(a, 16))
