# RUN: %e2e %s
# Explicit finite differences for the 1-D heat equation u_t = alpha u_xx,
# fixed (Dirichlet) ends, the rod's profile updated in place each step.
# INPUT: u0 f64 [200]
# OUTPUT: u
# OUTPUT: energy
# JIT: heat_step simulate
import numpy as np

ALPHA = 0.4


def heat_step(u, alpha):
    u[1:-1] = u[1:-1] + alpha * (u[2:] - 2 * u[1:-1] + u[:-2])


def simulate(u, steps, alpha=ALPHA):
    energy = np.zeros(steps)
    for t in range(steps):
        heat_step(u, alpha)
        energy[t] = np.sum(u ** 2)
    return energy


def main():
    u: f64[n] = np.load("u0.npy")
    energy = simulate(u, 50)
    np.save("u.npy", u)
    np.save("energy.npy", energy)
