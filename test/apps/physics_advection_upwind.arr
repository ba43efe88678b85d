# RUN: %e2e %s
# First-order upwind advection with a velocity field of either sign, periodic
# domain via np.roll, plus a total-variation diagnostic.
# INPUT: q0 f64 [300]
# INPUT: vel f64 [300]
# OUTPUT: q
# OUTPUT: tv
# JIT: advect
import numpy as np


def total_variation(q):
    return np.sum(np.abs(np.diff(q)))


def advect(q, v, dt, dx, steps):
    tv = []
    for _ in range(steps):
        dq = np.where(v > 0, q - np.roll(q, 1), np.roll(q, -1) - q)
        q -= dt / dx * v * dq
        tv.append(total_variation(q))
    return np.array(tv)


def main():
    q: f64[n] = np.load("q0.npy")
    vel: f64[n] = np.load("vel.npy")
    tv = advect(q, vel, 0.01, 0.05, 30)
    np.save("q.npy", q)
    np.save("tv.npy", tv)
