# RUN: %e2e %s
# 2-D heat diffusion on a plate with a five-point stencil; the hot spot is
# wherever the random initial field is; boundaries held fixed; the plate is
# updated in place and its mean temperature recorded.
# INPUT: T0 f64 [48, 40]
# OUTPUT: T
# OUTPUT: means
# JIT: diffuse
import numpy as np

DX = 0.1
DT = 0.002
KAPPA = 1.0


def laplacian(T, dx):
    return (T[:-2, 1:-1] + T[2:, 1:-1] + T[1:-1, :-2] + T[1:-1, 2:] - 4 * T[1:-1, 1:-1]) / dx**2


def diffuse(T, nsteps):
    means = []
    for _ in range(nsteps):
        T[1:-1, 1:-1] += DT * KAPPA * laplacian(T, DX)
        means.append(T.mean())
    return np.array(means)


def main():
    T: f64[n, m] = np.load("T0.npy")
    means = diffuse(T, 40)
    np.save("T.npy", T)
    np.save("means.npy", means)
