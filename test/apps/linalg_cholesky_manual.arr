# RUN: %e2e %s
# Cholesky-Banachiewicz by hand on an SPD matrix, checked against the
# reconstruction, then used to compute a log-determinant.
# INPUT: B f64 [25, 25]
# OUTPUT: L
# OUTPUT: logdet
# OUTPUT: err
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
    err = np.linalg.norm(L @ L.T - A) / np.linalg.norm(A)
    np.save("L.npy", L)
    np.save("logdet.npy", logdet)
    np.save("err.npy", err)
