# RUN: %e2e %s
# LU factorisation with partial pivoting written by hand (Doolittle, in place
# in a copy), then forward and back substitution to solve A x = b.
# INPUT: A f64 [30, 30]
# INPUT: b f64 [30]
# OUTPUT: LU
# OUTPUT: perm
# OUTPUT: x 1e-9
# JIT: lu_factor lu_solve
import numpy as np


def lu_factor(A):
    n = A.shape[0]
    LU = A.copy()
    perm = np.arange(n)
    for k in range(n - 1):
        p = k + np.argmax(np.abs(LU[k:, k]))
        if p != k:
            LU[[k, p]] = LU[[p, k]]
            perm[[k, p]] = perm[[p, k]]
        LU[k + 1:, k] /= LU[k, k]
        LU[k + 1:, k + 1:] -= np.outer(LU[k + 1:, k], LU[k, k + 1:])
    return LU, perm


def lu_solve(LU, perm, b):
    n = len(b)
    y = b[perm].astype(float)
    for i in range(1, n):
        y[i] -= LU[i, :i] @ y[:i]
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        x[i] = (y[i] - LU[i, i + 1:] @ x[i + 1:]) / LU[i, i]
    return x


def main():
    A: f64[n, n] = np.load("A.npy")
    b: f64[n] = np.load("b.npy")
    LU, perm = lu_factor(A)
    x = lu_solve(LU, perm, b)
    np.save("LU.npy", LU)
    np.save("perm.npy", perm)
    np.save("x.npy", x)
