# RUN: %e2e %s
# Lennard-Jones forces and potential energy with a cutoff, pair loop over
# particles in a periodic box (minimum image), velocity Verlet for a few steps;
# particles start on a cubic lattice (np.mgrid) with random displacements.
# INPUT: disp f64 [27, 3] range=-0.1:0.1
# INPUT: vel f64 [27, 3]
# OUTPUT: pos_out
# OUTPUT: energies
# JIT: forces run_md
import numpy as np

BOX = 6.0
RCUT = 2.5


def forces(pos):
    n = pos.shape[0]
    f = np.zeros_like(pos)
    epot = 0.0
    for i in range(n - 1):
        d = pos[i] - pos[i + 1:]
        d -= BOX * np.round(d / BOX)
        r2 = np.sum(d * d, axis=1)
        inside = r2 < RCUT**2
        r2 = np.where(inside, r2, 1.0)
        inv6 = (1.0 / r2) ** 3
        fmag = np.where(inside, 24 * (2 * inv6**2 - inv6) / r2, 0.0)
        epot += np.sum(np.where(inside, 4 * (inv6**2 - inv6), 0.0))
        fij = fmag[:, None] * d
        f[i] += fij.sum(axis=0)
        f[i + 1:] -= fij
    return f, epot


def run_md(pos, vel, dt, steps):
    energies = np.zeros((steps, 2))
    f, epot = forces(pos)
    for s in range(steps):
        vel += 0.5 * dt * f
        pos += dt * vel
        pos %= BOX
        f, epot = forces(pos)
        vel += 0.5 * dt * f
        energies[s, 0] = epot
        energies[s, 1] = 0.5 * np.sum(vel**2)
    return energies


def main():
    disp: f64[n, 3] = np.load("disp.npy")
    vel: f64[n, 3] = np.load("vel.npy")
    lattice = np.mgrid[0:3, 0:3, 0:3].reshape(3, -1).T * (BOX / 3) + 1.0
    pos = lattice + disp
    energies = run_md(pos, vel, 0.002, 20)
    np.save("pos_out.npy", pos)
    np.save("energies.npy", energies)
