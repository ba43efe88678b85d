# RUN: %e2e %s
# Slices read by dot products and matrix-vector products inside loops, as
# NumPy users write them: a Cholesky factorization by hand (`L[j, :j] @
# L[j, :j]`, `L[j + 1:, :j] @ L[j, :j]`, run-time size), and dots of a row
# slice before and after an element of that row is written (the second dot
# reads the new value) or a copy of it taken before the write (it keeps the
# old ones). The copies of the slices are loaded at the products' points
# (arrayc-fuse-elementwise), not written out first. Arguments saved after.
# INPUT: b f64 [37, 37]
# INPUT: x f64 [6, 40]
# INPUT: v f64 [40]
# OUTPUT: L 1e-10
# OUTPUT: d 1e-12
# OUTPUT: b
# OUTPUT: x
# OUTPUT: v
import numpy as np


def cholesky(A):
    n = A.shape[0]
    L = np.zeros_like(A)
    for j in range(n):
        s = A[j, j] - L[j, :j] @ L[j, :j]
        L[j, j] = np.sqrt(s)
        L[j + 1:, j] = (A[j + 1:, j] - L[j + 1:, :j] @ L[j, :j]) / L[j, j]
    return L


def dots_around_writes(x, v, k):
    d = np.zeros(3 * x.shape[0])
    for i in range(x.shape[0]):
        before = x[i, :k] @ v[:k]
        kept = x[i, :k].copy()
        x[i, 1] = 2.0 * x[i, 1] + 1.0
        d[3 * i] = before
        d[3 * i + 1] = x[i, :k] @ v[:k]
        d[3 * i + 2] = np.dot(kept, v[:k])
    return d


def main():
    b: f64[n, n] = np.load("b.npy")
    x: f64[m, k] = np.load("x.npy")
    v: f64[k] = np.load("v.npy")
    A = b @ b.T / b.shape[0] + np.eye(b.shape[0])
    L = cholesky(A)
    d = dots_around_writes(x, v, 23)
    np.save("L.npy", L)
    np.save("d.npy", d)
    np.save("b.npy", b)
    np.save("x.npy", x)
    np.save("v.npy", v)
