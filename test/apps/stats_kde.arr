# RUN: %e2e %s
# Gaussian kernel density estimate on a grid from np.linspace, Silverman's
# bandwidth, and the trapezoid integral of the density (close to 1).
# INPUT: x f64 [300]
# OUTPUT: grid
# OUTPUT: dens
# OUTPUT: mass
# JIT: kde
import numpy as np


def silverman(x):
    return 1.06 * np.std(x) * len(x) ** (-1 / 5)


def kde(x, npts=200):
    h = silverman(x)
    grid = np.linspace(x.min() - 3 * h, x.max() + 3 * h, npts)
    u = (grid[:, None] - x[None, :]) / h
    dens = np.exp(-0.5 * u**2).sum(axis=1) / (len(x) * h * np.sqrt(2 * np.pi))
    return grid, dens, np.trapz(dens, grid)


def main():
    x: f64[n] = np.load("x.npy")
    grid, dens, mass = kde(x)
    np.save("grid.npy", grid)
    np.save("dens.npy", dens)
    np.save("mass.npy", mass)
