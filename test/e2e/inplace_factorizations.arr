# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# LU and Cholesky factorizations in place, and triangular solves, written as
# their NumPy authors write them: scalar loops with slices whose bounds are
# the loop variables.
# INPUT: M f64 [24, 24]
# INPUT: b f64 [24]
# OUTPUT: LU 1e-9
# OUTPUT: C 1e-9
# OUTPUT: x 1e-9
# OUTPUT: y 1e-9
import numpy as np

def lu(N: i64, A: f64[n, n]):
    for i in range(N):
        for j in range(i):
            A[i, j] -= A[i, :j] @ A[:j, j]
            A[i, j] /= A[j, j]
        for j in range(i, N):
            A[i, j] -= A[i, :i] @ A[:i, j]

def cholesky(A: f64[n, n]):
    A[0, 0] = np.sqrt(A[0, 0])
    for i in range(1, A.shape[0]):
        for j in range(i):
            A[i, j] -= np.dot(A[i, :j], A[j, :j])
            A[i, j] /= A[j, j]
        A[i, i] -= np.dot(A[i, :i], A[i, :i])
        A[i, i] = np.sqrt(A[i, i])

def trisolv(L: f64[n, n], x: f64[n], b: f64[n]):
    for i in range(x.shape[0]):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]

def back_substitution(U: f64[n, n], y: f64[n]):
    N = y.shape[0]
    for i in range(N - 1, -1, -1):
        y[i] = (y[i] - U[i, i + 1:] @ y[i + 1:]) / U[i, i]

def main():
    M: f64[n, n] = np.load("M.npy")
    b: f64[n] = np.load("b.npy")
    N = M.shape[0]
    # A well-conditioned matrix, and a symmetric positive definite one.
    A = M + N * np.eye(N)
    S = M @ M.T + N * np.eye(N)
    LU = A.copy()
    lu(N, LU)
    C = S.copy()
    cholesky(C)
    x = np.zeros(N)
    trisolv(C, x, b)
    y = b.copy()
    back_substitution(LU, y)
    np.save("LU.npy", LU)
    np.save("C.npy", C)
    np.save("x.npy", x)
    np.save("y.npy", y)
