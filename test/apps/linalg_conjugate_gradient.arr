# RUN: %e2e %s
# Conjugate gradient on an SPD system (M M^T + n I); x is the caller's initial
# guess, refined in place; the residual history is returned. tol is 1e-8:
# at 1e-12 the last residuals sit near rounding, so whether the loop stops
# after 30 or 31 steps depended on the data (CI seed 2124914051).
# INPUT: M f64 [50, 50]
# INPUT: b f64 [50]
# INPUT: x0 f64 [50]
# OUTPUT: x 1e-9
# OUTPUT: res 1e-9
# JIT: cg
import numpy as np


def cg(A, b, x, tol=1e-8, maxiter=None):
    if maxiter is None:
        maxiter = len(b)
    r = b - A @ x
    p = r.copy()
    rs = r @ r
    history = [np.sqrt(rs)]
    for i in range(maxiter):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        history.append(np.sqrt(rs_new))
        if np.sqrt(rs_new) < tol:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return np.array(history)


def main():
    M: f64[n, n] = np.load("M.npy")
    b: f64[n] = np.load("b.npy")
    x: f64[n] = np.load("x0.npy")
    A = M @ M.T + len(b) * np.eye(len(b))
    res = cg(A, b, x)
    np.save("x.npy", x)
    np.save("res.npy", res)
