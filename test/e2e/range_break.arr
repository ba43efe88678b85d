# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# `for i in range(...)` loops that leave early, as NumPy users write them: a
# search that breaks and keeps its index, a convergence loop with a large
# iteration cap that stops after a few sweeps (the remaining iterations must
# not run: they would keep updating x), a return from inside a loop, continue
# with break, a negative run-time step, and an inner break that does not end
# the outer loop. The arrays written in place are compared after the calls.
# INPUT: x f64 [300]
# INPUT: A f64 [40, 40]
# INPUT: b f64 [40]
# OUTPUT: x
# OUTPUT: first
# OUTPUT: sol 1e-10
# OUTPUT: sweeps
# OUTPUT: picks
import numpy as np

def first_above(x, thr):
    k = -1
    for i in range(x.shape[0]):
        if x[i] > thr:
            k = i
            break
    return k

def jacobi(A, b, tol, maxiter):
    d = np.diag(A)
    R = A - np.diag(d)
    x = np.zeros_like(b)
    for it in range(maxiter):
        x_new = (b - R @ x) / d
        if np.linalg.norm(x_new - x) < tol:
            x = x_new
            break
        x = x_new
    return x, it

def last_negative(x):
    for i in range(x.shape[0] - 1, -1, -1):
        if x[i] < 0.0:
            return i
    return -1

def clip_until_big(x, big):
    total = 0.0
    for i in range(x.shape[0]):
        if x[i] < 0.0:
            continue
        x[i] = 2.0 * x[i]
        total += x[i]
        if total > big:
            break
    return total

def first_per_row(A, thr, out):
    n = A.shape[0]
    for r in range(n):
        out[r] = -1
        for c in range(A.shape[1]):
            if A[r, c] > thr:
                out[r] = c
                break

def main():
    x: f64[n] = np.load("x.npy")
    A: f64[m, m] = np.load("A.npy")
    b: f64[m] = np.load("b.npy")
    A = A + 60.0 * np.eye(A.shape[0])      # diagonally dominant: Jacobi converges
    f1 = first_above(x, 1.5)
    f2 = first_above(x, 100.0)
    f3 = last_negative(x)
    t = clip_until_big(x, 20.0)
    first = np.array([f1, f2, f3])
    sol, it = jacobi(A, b, 1e-12, 100000)
    sweeps = np.array([float(it < 100), t])
    picks = np.zeros(A.shape[0], dtype=np.int64)
    first_per_row(A, 1.0, picks)
    np.save("x.npy", x)
    np.save("first.npy", first)
    np.save("sol.npy", sol)
    np.save("sweeps.npy", sweeps)
    np.save("picks.npy", picks)
