# RUN: %e2e %s
# Metropolis sweeps of the 2-D Ising model with periodic boundaries; the spins
# come from the sign of a random field and the acceptance draws are given
# (one uniform per site and sweep), so the run is deterministic.
# INPUT: field f64 [16, 16]
# INPUT: draws f64 [4, 16, 16] range=0:1
# OUTPUT: spins
# OUTPUT: mags
# JIT: metropolis
import numpy as np

J = 1.0


def metropolis(spins, draws, beta):
    L = spins.shape[0]
    sweeps = draws.shape[0]
    mags = np.zeros(sweeps)
    for s in range(sweeps):
        for i in range(L):
            for j in range(L):
                nb = spins[(i + 1) % L, j] + spins[i, (j + 1) % L] + spins[(i - 1) % L, j] + spins[i, (j - 1) % L]
                dE = 2 * J * spins[i, j] * nb
                if dE <= 0 or draws[s, i, j] < np.exp(-beta * dE):
                    spins[i, j] *= -1
        mags[s] = spins.mean()
    return mags


def main():
    field: f64[L, L] = np.load("field.npy")
    draws: f64[s, L, L] = np.load("draws.npy")
    spins = np.where(field > 0, 1, -1)
    mags = metropolis(spins, draws, 0.4)
    np.save("spins.npy", spins)
    np.save("mags.npy", mags)
