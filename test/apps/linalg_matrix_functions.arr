# RUN: %e2e %s
# Least-norm solutions with the pseudo-inverse, the sign and log of the
# determinant (slogdet) of a well-conditioned matrix, its eigenvalues
# (eigvals, sorted by real part), matrix powers, and a single-precision
# constant made with np.float32.
# INPUT: A f64 [12, 20]
# INPUT: b f64 [12]
# INPUT: M f64 [10, 10]
# OUTPUT: x_ln 1e-9
# OUTPUT: logdet
# OUTPUT: eig_re 1e-9
# OUTPUT: M3
# OUTPUT: scaled
# JIT: least_norm det_and_spectrum
import numpy as np

HALF = np.float32(0.5)


def least_norm(A, b):
    return np.linalg.pinv(A) @ b


def det_and_spectrum(M):
    sign, logdet = np.linalg.slogdet(M)
    ev = np.linalg.eigvals(M)
    return sign * logdet, np.sort(ev.real), np.linalg.matrix_power(M, 3)


def main():
    A: f64[m, n] = np.load("A.npy")
    b: f64[m] = np.load("b.npy")
    M: f64[k, k] = np.load("M.npy")
    M = M + M.T + 10 * np.eye(M.shape[0])
    logdet, eig_re, M3 = det_and_spectrum(M)
    np.save("x_ln.npy", least_norm(A, b))
    np.save("logdet.npy", logdet)
    np.save("eig_re.npy", eig_re)
    np.save("M3.npy", M3)
    np.save("scaled.npy", (HALF * b.astype(np.float32)))
