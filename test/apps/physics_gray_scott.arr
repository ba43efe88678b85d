# RUN: %e2e %s
# Gray-Scott reaction-diffusion on a periodic grid; the Laplacian uses np.roll
# along both axes; U and V are updated in place.
# INPUT: U0 f64 [40, 40] range=0.8:1.0
# INPUT: V0 f64 [40, 40] range=0:0.3
# OUTPUT: U
# OUTPUT: V
# JIT: gray_scott
import numpy as np

Du, Dv, F, k = 0.16, 0.08, 0.035, 0.065


def lap(Z):
    return (np.roll(Z, 1, axis=0) + np.roll(Z, -1, axis=0) +
            np.roll(Z, 1, axis=1) + np.roll(Z, -1, axis=1) - 4 * Z)


def gray_scott(U, V, steps, dt=1.0):
    for i in range(steps):
        uvv = U * V * V
        dU = Du * lap(U) - uvv + F * (1 - U)
        dV = Dv * lap(V) + uvv - (F + k) * V
        U += dt * dU
        V += dt * dV


def main():
    U: f64[n, n] = np.load("U0.npy")
    V: f64[n, n] = np.load("V0.npy")
    gray_scott(U, V, 25)
    np.save("U.npy", U)
    np.save("V.npy", V)
