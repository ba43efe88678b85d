# RUN: %e2e %s
# Poisson equation -lap(u) = f on the unit square with u = 0 on the boundary:
# the source built on a np.meshgrid of the coordinates (a Gaussian bump at a
# random centre plus noise), then Gauss-Seidel red-black sweeps until the
# update is small; `;` between short statements as quick scripts do.
# INPUT: noise f64 [33, 33]
# INPUT: centre f64 [2] range=0.3:0.7
# OUTPUT: u 1e-9
# OUTPUT: sweeps
# JIT: solve_poisson
import numpy as np


def source(n, cx, cy, noise):
    x = np.linspace(0, 1, n); y = np.linspace(0, 1, n)
    X, Y = np.meshgrid(x, y, indexing='ij')
    return np.exp(-((X - cx)**2 + (Y - cy)**2) / 0.01) + 0.1 * noise


def solve_poisson(f, tol=1e-8, max_sweeps=2000):
    n = f.shape[0]; h = 1.0 / (n - 1)
    u = np.zeros_like(f)
    for sweep in range(max_sweeps):
        old = u.copy()
        for parity in (0, 1):
            for i in range(1, n - 1):
                start = 1 + (i + parity) % 2
                u[i, start:n - 1:2] = 0.25 * (u[i - 1, start:n - 1:2] + u[i + 1, start:n - 1:2]
                                              + u[i, start - 1:n - 2:2] + u[i, start + 1:n:2]
                                              + h * h * f[i, start:n - 1:2])
        if np.max(np.abs(u - old)) < tol:
            break
    return u, sweep + 1


def main():
    noise: f64[n, n] = np.load("noise.npy")
    centre: f64[2] = np.load("centre.npy")
    f = source(noise.shape[0], centre[0], centre[1], noise)
    u, sweeps = solve_poisson(f)
    np.save("u.npy", u)
    np.save("sweeps.npy", sweeps)
