# RUN: %e2e %s
# Particles in a unit box with reflecting walls: positions advance, those that
# left the box are mirrored back and their velocity component flipped (mask
# assignment); gravity acts on vy.
# INPUT: x0 f64 [500, 2] range=0:1
# INPUT: v0 f64 [500, 2]
# OUTPUT: x
# OUTPUT: v
# OUTPUT: hits
# JIT: step_all
import numpy as np

GRAVITY = np.array([0.0, -9.81])


def reflect(x, v):
    low = x < 0
    x[low] = -x[low]
    v[low] = -v[low]
    high = x > 1
    x[high] = 2 - x[high]
    v[high] = -v[high]
    return np.count_nonzero(low) + np.count_nonzero(high)


def step_all(x, v, dt, steps):
    hits = np.zeros(steps, dtype=np.int64)
    for s in range(steps):
        v += GRAVITY * dt
        x += v * dt
        hits[s] = reflect(x, v)
    return hits


def main():
    x: f64[n, 2] = np.load("x0.npy")
    v: f64[n, 2] = np.load("v0.npy")
    hits = step_all(x, v, 0.01, 30)
    np.save("x.npy", x)
    np.save("v.npy", v)
    np.save("hits.npy", hits)
