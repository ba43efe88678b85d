# RUN: %e2e %s
# Loops whose steps are scalar work and whole reductions, as NumPy users
# write them: forward and back substitution (a dot product over a growing or
# shrinking slice per row, in place), a running mean of prefixes (f32
# sums), Gauss-Seidel sweeps (a row dot product per unknown, updating x in
# place), and a loop that stops when a prefix's squared norm passes a
# threshold (a reduction in its `break` test). On the cuda target they run on
# one block when their reductions are small (arrayc-gpu-map-linalg,
# ScalarLoops.cpp); `tail_sums` reads a vector longer than that bound
# (70,000 elements), so it stays a host loop of kernels. Arguments are saved
# after the calls too.
# INPUT: L f64 [300, 300]
# INPUT: b f64 [300]
# INPUT: a f32 [500]
# INPUT: A f64 [40, 40]
# INPUT: r f64 [40]
# INPUT: v f64 [70000]
# OUTPUT: x
# OUTPUT: y
# OUTPUT: means
# OUTPUT: g
# OUTPUT: grown
# OUTPUT: tails
# OUTPUT: L
# OUTPUT: b
# OUTPUT: a
# OUTPUT: A
# OUTPUT: r
# OUTPUT: v
import numpy as np


def forward_substitution(L, b):
    n = b.shape[0]
    x = np.zeros_like(b)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x


def back_substitution(U, y):
    n = y.shape[0]
    x = np.zeros_like(y)
    for i in range(n - 1, -1, -1):
        x[i] = (y[i] - np.dot(U[i, i + 1:], x[i + 1:])) / U[i, i]
    return x


def running_means(a):
    out = np.empty_like(a)
    for i in range(a.shape[0]):
        out[i] = np.sum(a[: i + 1]) / (i + 1)
    return out


def gauss_seidel(A, rhs, sweeps):
    n = rhs.shape[0]
    x = np.zeros_like(rhs)
    for s in range(sweeps):
        for i in range(n):
            sigma = A[i, :] @ x - A[i, i] * x[i]
            x[i] = (rhs[i] - sigma) / A[i, i]
    return x


def grow_until(x, limit):
    n = x.shape[0]
    out = np.zeros_like(x)
    for i in range(n):
        if np.sum(x[:i] * x[:i]) > limit:
            break
        out[i] = x[i] * 2.0
    return out


def tail_sums(v, k):
    out = np.zeros(k)
    for i in range(k):
        out[i] = np.sum(v[i:])
    return out


def main():
    L: f64[n, n] = np.load("L.npy")
    b: f64[n] = np.load("b.npy")
    a: f32[m] = np.load("a.npy")
    A: f64[p, p] = np.load("A.npy")
    r: f64[p] = np.load("r.npy")
    v: f64[q] = np.load("v.npy")
    L = np.tril(L) + 4.0 * np.eye(L.shape[0])
    x = forward_substitution(L, b)
    y = back_substitution(L.T.copy(), b)
    means = running_means(a)
    A = A + 40.0 * np.eye(A.shape[0])
    g = gauss_seidel(A, r, 3)
    grown = grow_until(b, 20.0)
    tails = tail_sums(v, 4)
    np.save("x.npy", x)
    np.save("y.npy", y)
    np.save("means.npy", means)
    np.save("g.npy", g)
    np.save("grown.npy", grown)
    np.save("tails.npy", tails)
    np.save("L.npy", L)
    np.save("b.npy", b)
    np.save("a.npy", a)
    np.save("A.npy", A)
    np.save("r.npy", r)
    np.save("v.npy", v)
