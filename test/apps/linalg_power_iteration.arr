# RUN: %e2e %s
# Power iteration for the dominant eigenpair of a symmetric positive matrix
# built from the data (B^T B + I), stopping on a tolerance or an iteration cap.
# INPUT: B f64 [40, 30]
# INPUT: v0 f64 [30]
# OUTPUT: lam
# OUTPUT: v
# OUTPUT: iters
# JIT: power_iteration
import numpy as np


def power_iteration(A, v, tol=1e-10, maxiter=500):
    v = v / np.linalg.norm(v)
    lam = 0.0
    it = 0
    while it < maxiter:
        w = A @ v
        lam_new = v @ w
        v = w / np.linalg.norm(w)
        it += 1
        if abs(lam_new - lam) < tol * abs(lam_new):
            lam = lam_new
            break
        lam = lam_new
    return lam, v, it


def main():
    B: f64[m, n] = np.load("B.npy")
    v0: f64[n] = np.load("v0.npy")
    A = B.T @ B + np.eye(B.shape[1])
    lam, v, iters = power_iteration(A, v0)
    v = v * np.sign(v[np.argmax(np.abs(v))])
    np.save("lam.npy", lam)
    np.save("v.npy", v)
    np.save("iters.npy", iters)
