# RUN: %e2e %s
# Modified Gram-Schmidt QR of a tall matrix, column by column, and Q^T Q
# (the identity up to rounding).
# INPUT: A f64 [60, 12]
# OUTPUT: Q
# OUTPUT: R
# OUTPUT: QtQ
# JIT: mgs
import numpy as np


def mgs(A):
    m, n = A.shape
    Q = A.copy()
    R = np.zeros((n, n))
    for k in range(n):
        R[k, k] = np.linalg.norm(Q[:, k])
        Q[:, k] /= R[k, k]
        for j in range(k + 1, n):
            R[k, j] = np.dot(Q[:, k], Q[:, j])
            Q[:, j] -= R[k, j] * Q[:, k]
    return Q, R


def main():
    A: f64[m, n] = np.load("A.npy")
    Q, R = mgs(A)
    np.save("Q.npy", Q)
    np.save("R.npy", R)
    np.save("QtQ.npy", Q.T @ Q)
