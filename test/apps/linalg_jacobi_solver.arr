# RUN: %e2e %s
# Jacobi iteration for a diagonally dominant system: D and R split with
# np.diag / np.diagflat, iterate until the update is small.
# INPUT: M f64 [40, 40]
# INPUT: b f64 [40]
# OUTPUT: x 1e-9
# OUTPUT: n_iter
# JIT: jacobi
import numpy as np


def jacobi(A, b, x=None, tol=1e-10, max_iter=1000):
    if x is None:
        x = np.zeros(len(A[0]))
    D = np.diag(A)
    R = A - np.diagflat(D)
    for k in range(max_iter):
        x_new = (b - np.dot(R, x)) / D
        if np.linalg.norm(x_new - x, ord=np.inf) < tol:
            return x_new, k + 1
        x = x_new
    return x, max_iter


def main():
    M: f64[n, n] = np.load("M.npy")
    b: f64[n] = np.load("b.npy")
    A = M + 2 * np.sum(np.abs(M), axis=1) * np.eye(M.shape[0])
    x, n_iter = jacobi(A, b)
    np.save("x.npy", x)
    np.save("n_iter.npy", n_iter)
