# RUN: %e2e %s
# Smoothed-particle hydrodynamics: density and pressure from a Gaussian kernel
# over all pairs, then the pressure-gradient acceleration.
# INPUT: pos f64 [80, 2]
# INPUT: m f64 [80] positive
# OUTPUT: rho
# OUTPUT: P
# OUTPUT: acc
# JIT: sph
import numpy as np


def W(dx, dy, h):
    r = np.sqrt(dx**2 + dy**2)
    return (1.0 / (h * np.sqrt(np.pi))) ** 2 * np.exp(-r**2 / h**2)


def gradW(dx, dy, h):
    r = np.sqrt(dx**2 + dy**2)
    n = -2 * np.exp(-r**2 / h**2) / h**4 / np.pi
    return n * dx, n * dy


def pairwise(ri, rj):
    dx = ri[:, 0].reshape((-1, 1)) - rj[:, 0].reshape((1, -1))
    dy = ri[:, 1].reshape((-1, 1)) - rj[:, 1].reshape((1, -1))
    return dx, dy


def sph(pos, m, h=0.5, k=0.1, n_poly=1.0):
    dx, dy = pairwise(pos, pos)
    rho = np.sum(m * W(dx, dy, h), 1)
    P = k * rho ** (1 + 1 / n_poly)
    wx, wy = gradW(dx, dy, h)
    coef = m * (P / rho**2).reshape(1, -1) + (P / rho**2).reshape(-1, 1)
    ax = -np.sum(coef * wx, 1)
    ay = -np.sum(coef * wy, 1)
    return rho, P, np.stack([ax, ay], axis=1)


def main():
    pos: f64[n, 2] = np.load("pos.npy")
    m: f64[n] = np.load("m.npy")
    rho, P, acc = sph(pos, m)
    np.save("rho.npy", rho)
    np.save("P.npy", P)
    np.save("acc.npy", acc)
