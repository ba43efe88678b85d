# RUN: %e2e %s
# Scans along short rows (on the GPU: a warp per row, 8 or 16 elements a
# lane, shuffles only): geometric Brownian paths from normal increments
# (many rows of 256 steps, in place on the increments as a user would
# write it), running maxima of rows of 33, cumprod of rows of 500, an int
# cumsum of rows of 37, bool counts of rows of 64 through a 3-d array, and
# rows of 31 (shorter than a warp: the loop, a thread per row). Run-time
# sizes; the inputs compared after the calls.
# INPUT: Z f64 [20000, 256]
# INPUT: a f32 [4000, 33]
# INPUT: g f64 [700, 500] range=0.999:1.001
# INPUT: k i32 [3001, 37] range=-50:50
# INPUT: m bool [3, 50, 64]
# INPUT: s f32 [100, 31]
# OUTPUT: paths 1e-12
# OUTPUT: asian 1e-12
# OUTPUT: peaks
# OUTPUT: growth 1e-12
# OUTPUT: ck
# OUTPUT: cm
# OUTPUT: cs 1e-5
# OUTPUT: Z_after 1e-12
import numpy as np


def gbm_paths(S0, mu, sigma, T, Z):
    n_paths, n_steps = Z.shape
    dt = T / n_steps
    Z *= sigma * np.sqrt(dt)
    Z += (mu - 0.5 * sigma**2) * dt
    Z[:] = np.cumsum(Z, axis=1)
    return S0 * np.exp(Z)


def main():
    Z: f64[n, t] = np.load("Z.npy")
    a: f32[p, q] = np.load("a.npy")
    g: f64[r, c] = np.load("g.npy")
    k: i32[u, v] = np.load("k.npy")
    m: bool[x, y, z] = np.load("m.npy")
    s: f32[e, f] = np.load("s.npy")
    paths = gbm_paths(100.0, 0.05, 0.2, 1.0, Z)
    np.save("paths.npy", paths)
    np.save("asian.npy", np.maximum(paths.mean(axis=1) - 100.0, 0.0))
    np.save("peaks.npy", np.maximum.accumulate(a, axis=1))
    np.save("growth.npy", np.cumprod(g, axis=1))
    np.save("ck.npy", np.cumsum(k, axis=-1))
    np.save("cm.npy", np.cumsum(m, axis=2))
    np.save("cs.npy", s.cumsum(axis=1))
    np.save("Z_after.npy", Z)
