# RUN: %e2e %s
# Parameters whose value is known per call: `x=None` defaults tested with
# `is None` (the caller's initial guess or zeros), a tuple of coefficients
# as a default, `ddof`/`axis` options passed on to NumPy functions, and a
# function without `-> ...` that returns from inside its loop.
# INPUT: M f64 [30, 30]
# INPUT: b f64 [30]
# INPUT: x0 f64 [30]
# INPUT: X f64 [25, 4]
# OUTPUT: xa 1e-9
# OUTPUT: xb 1e-9
# OUTPUT: y
# OUTPUT: sd0
# OUTPUT: sd1
# OUTPUT: p0
# OUTPUT: p1
# OUTPUT: at
# OUTPUT: val
import numpy as np


def jacobi(A, b, x=None, iters=60, tol=None):
    if x is None:
        x = np.zeros(len(b))
    D = np.diag(A)
    R = A - np.diag(D)
    for k in range(iters):
        x = (b - R @ x) / D
        if tol is not None and np.abs(x).max() < tol:
            break
    return x


def poly(x, c=(0.5, -1.0, 0.25)):
    return c[0] + c[1] * x + c[2] * x * x


def spread(X, ddof=0):
    return X.std(axis=0, ddof=ddof)


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)


def first_above(x, t):
    for i in range(len(x)):
        if x[i] > t:
            return i, x[i]
    return -1, 0.0


def main():
    M: f64[n, n] = np.load("M.npy")
    b: f64[n] = np.load("b.npy")
    x0: f64[n] = np.load("x0.npy")
    X: f64[m, k] = np.load("X.npy")
    A = M + 2 * np.sum(np.abs(M), axis=1) * np.eye(M.shape[0])
    np.save("xa.npy", jacobi(A, b))
    np.save("xb.npy", jacobi(A, b, x0, tol=1e-300))
    np.save("y.npy", poly(b) + poly(b, (1.0, 2.0, 3.0)))
    np.save("sd0.npy", spread(X))
    np.save("sd1.npy", spread(X, ddof=1))
    np.save("p0.npy", softmax(X))
    np.save("p1.npy", softmax(X, axis=0))
    at, val = first_above(b, 0.9)
    at2, val2 = first_above(b, 2.0)
    np.save("at.npy", np.array([at, at2]))
    np.save("val.npy", np.array([val, val2]))
