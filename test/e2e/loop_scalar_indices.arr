# RUN: %e2e %s
# Loops with scalar indices as NumPy users write them: element-by-element
# Jacobi sweeps (`B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3`, in place), a
# forward substitution (`x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]`) and a
# running maximum with index arithmetic on sizes (`n - 1 - k`). The index
# arithmetic stays scalar code on the host (arrayc-scalarize-host-scalars).
# INPUT: A f64 [40]
# INPUT: B f64 [40]
# INPUT: L f64 [12, 12]
# INPUT: b f64 [12]
# OUTPUT: A
# OUTPUT: B
# OUTPUT: x
# OUTPUT: rev
import numpy as np


def jacobi_1d(A, B, tsteps):
    n = A.shape[0]
    for t in range(tsteps):
        for i in range(1, n - 1):
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1])
        for i in range(1, n - 1):
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1])


def forward_substitution(L, b):
    n = b.shape[0]
    x = np.zeros_like(b)
    for i in range(n):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
    return x


def reversed_running_max(v):
    n = len(v)
    out = np.empty_like(v)
    best = v[n - 1]
    for k in range(n):
        best = max(best, v[n - 1 - k])
        out[n - 1 - k] = best
    return out


def main():
    A: f64[n] = np.load("A.npy")
    B: f64[n] = np.load("B.npy")
    L: f64[m, m] = np.load("L.npy")
    b: f64[m] = np.load("b.npy")
    jacobi_1d(A, B, 3)
    L = np.tril(L) + 4.0 * np.eye(L.shape[0])
    x = forward_substitution(L, b)
    rev = reversed_running_max(A)
    np.save("A.npy", A)
    np.save("B.npy", B)
    np.save("x.npy", x)
    np.save("rev.npy", rev)
