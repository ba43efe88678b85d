# RUN: %e2e %s
# Householder QR: reflect each column below the diagonal, accumulate Q.
# INPUT: A f64 [20, 8]
# OUTPUT: Q
# OUTPUT: R
# JIT: householder_qr
import numpy as np


def householder_qr(A):
    m, n = A.shape
    Q = np.eye(m)
    R = A.copy()
    for j in range(n):
        x = R[j:, j]
        normx = np.linalg.norm(x)
        s = -np.sign(x[0])
        u1 = x[0] - s * normx
        w = x / u1
        w[0] = 1
        tau = -s * u1 / normx
        R[j:, :] = R[j:, :] - tau * np.outer(w, w @ R[j:, :])
        Q[:, j:] = Q[:, j:] - tau * np.outer(Q[:, j:] @ w, w)
    return Q, R


def main():
    A: f64[m, n] = np.load("A.npy")
    Q, R = householder_qr(A)
    np.save("Q.npy", Q)
    np.save("R.npy", R)
