# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Classic in-place stencils written as their NumPy authors write them
# (npbench/PolyBench style): the functions update their arguments and
# return nothing.
# INPUT: A f64 [34, 34]
# INPUT: B f64 [34, 34]
# INPUT: H f64 [10, 10, 10]
# INPUT: S f64 [20, 20]
# INPUT: ex f64 [16, 18]
# INPUT: ey f64 [16, 18]
# INPUT: hz f64 [16, 18]
# INPUT: fict f64 [5]
# OUTPUT: A1 1e-9
# OUTPUT: B1 1e-9
# OUTPUT: H1 1e-9
# OUTPUT: S1 1e-9
# OUTPUT: ex1 1e-9
# OUTPUT: ey1 1e-9
# OUTPUT: hz1 1e-9
import numpy as np

def jacobi_2d(TSTEPS: i64, A: f64[n, n], B: f64[n, n]):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] +
                               A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] +
                               B[2:, 1:-1] + B[:-2, 1:-1])

def heat_3d(TSTEPS: i64, A: f64[n, n, n], B: f64[n, n, n]):
    for t in range(1, TSTEPS):
        B[1:-1, 1:-1, 1:-1] = (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[:-2, 1:-1, 1:-1]) +
                               0.125 * (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[1:-1, :-2, 1:-1]) +
                               0.125 * (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] +
                                        A[1:-1, 1:-1, 0:-2]) + A[1:-1, 1:-1, 1:-1])
        A[1:-1, 1:-1, 1:-1] = (0.125 * (B[2:, 1:-1, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[:-2, 1:-1, 1:-1]) +
                               0.125 * (B[1:-1, 2:, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[1:-1, :-2, 1:-1]) +
                               0.125 * (B[1:-1, 1:-1, 2:] - 2.0 * B[1:-1, 1:-1, 1:-1] +
                                        B[1:-1, 1:-1, 0:-2]) + B[1:-1, 1:-1, 1:-1])

def seidel_2d(TSTEPS: i64, N: i64, A: f64[n, n]):
    for t in range(0, TSTEPS - 1):
        for i in range(1, N - 1):
            A[i, 1:-1] += (A[i - 1, :-2] + A[i - 1, 1:-1] + A[i - 1, 2:] +
                           A[i, 2:] + A[i + 1, :-2] + A[i + 1, 1:-1] +
                           A[i + 1, 2:])
            for j in range(1, N - 1):
                A[i, j] += A[i, j - 1]
                A[i, j] /= 9.0

def fdtd_2d(TMAX: i64, ex: f64[nx, ny], ey: f64[nx, ny], hz: f64[nx, ny], _fict_: f64[t]):
    for t in range(TMAX):
        ey[0, :] = _fict_[t]
        ey[1:, :] -= 0.5 * (hz[1:, :] - hz[:-1, :])
        ex[:, 1:] -= 0.5 * (hz[:, 1:] - hz[:, :-1])
        hz[:-1, :-1] -= 0.7 * (ex[:-1, 1:] - ex[:-1, :-1] + ey[1:, :-1] - ey[:-1, :-1])

def main():
    A: f64[n, n] = np.load("A.npy")
    B: f64[n, n] = np.load("B.npy")
    H: f64[p, p, p] = np.load("H.npy")
    S: f64[q, q] = np.load("S.npy")
    ex: f64[nx, ny] = np.load("ex.npy")
    ey: f64[nx, ny] = np.load("ey.npy")
    hz: f64[nx, ny] = np.load("hz.npy")
    fict: f64[t] = np.load("fict.npy")
    jacobi_2d(5, A, B)
    H2 = H.copy()
    heat_3d(4, H, H2)
    S *= 0.1
    seidel_2d(3, S.shape[0], S)
    fdtd_2d(fict.shape[0], ex, ey, hz, fict)
    np.save("A1.npy", A)
    np.save("B1.npy", B)
    np.save("H1.npy", H)
    np.save("S1.npy", S)
    np.save("ex1.npy", ex)
    np.save("ey1.npy", ey)
    np.save("hz1.npy", hz)
