# RUN: %e2e %s
# Cholesky-Banachiewicz by hand on an SPD matrix, the reconstruction L L^T,
# and the log-determinant from the diagonal.
# INPUT: B f64 [25, 25]
# OUTPUT: L
# OUTPUT: logdet
# OUTPUT: LLt
# JIT: cholesky
import numpy as np
from math import sqrt


def cholesky(A):
    n = len(A)
    L = np.zeros_like(A)
    for i in range(n):
        for j in range(i + 1):
            s = sum(L[i][k] * L[j][k] for k in range(j))
            if i == j:
                L[i][j] = sqrt(A[i][i] - s)
            else:
                L[i][j] = (A[i][j] - s) / L[j][j]
    return L


def main():
    B: f64[n, n] = np.load("B.npy")
    A = B @ B.T + B.shape[0] * np.eye(B.shape[0])
    L = cholesky(A)
    logdet = 2 * np.sum(np.log(np.diag(L)))
    np.save("L.npy", L)
    np.save("logdet.npy", logdet)
    np.save("LLt.npy", L @ L.T)
