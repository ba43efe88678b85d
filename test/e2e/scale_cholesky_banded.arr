# RUN: %e2e %s
# Tests a left-looking Cholesky factorization of a banded symmetric positive
# definite 4096 x 4096 matrix: an outer loop over columns, an inner loop over
# the band, dot products of row slices whose bounds depend on both indices
# (32,768 inner iterations under the default 8 MB stack).
# INPUT: a f64 [4096, 4096]
# OUTPUT: l 1e-10
import numpy as np

def band_cholesky(a: f64[n, n], b: i64) -> f64[n, n]:
    n = a.shape[0]
    S = 0.5 * (a + a.T)
    for i in range(n):
        S[i, i] += 8.0 * b
    L = np.zeros((n, n))
    for j in range(n):
        lo = np.maximum(j - b, 0)
        L[j, j] = np.sqrt(S[j, j] - np.dot(L[j, lo:j], L[j, lo:j]))
        hi = np.minimum(j + b + 1, n)
        for i in range(j + 1, hi):
            L[i, j] = (S[i, j] - np.dot(L[i, lo:j], L[j, lo:j])) / L[j, j]
    return L

def main():
    a: f64[n, n] = np.load("a.npy")
    np.save("l.npy", band_cholesky(a, 8))
