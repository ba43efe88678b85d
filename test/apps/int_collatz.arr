# RUN: %e2e %s
# Collatz stopping times for a batch of starting values, the scalar while loop
# per element, and the vectorised version iterating all still-active values
# with a mask.
# INPUT: n0 i64 [300] range=1:10000
# OUTPUT: steps
# OUTPUT: steps_vec
# JIT: collatz_steps collatz_vec
import numpy as np


def collatz_steps(values):
    out = np.zeros(len(values), dtype=np.int64)
    for i, n in enumerate(values):
        c = 0
        while n != 1:
            n = n // 2 if n % 2 == 0 else 3 * n + 1
            c += 1
        out[i] = c
    return out


def collatz_vec(values):
    n = values.copy()
    steps = np.zeros_like(n)
    active = n != 1
    while active.any():
        even = n % 2 == 0
        n = np.where(active & even, n // 2, np.where(active, 3 * n + 1, n))
        steps += active
        active = n != 1
    return steps


def main():
    n0: i64[k] = np.load("n0.npy")
    np.save("steps.npy", collatz_steps(n0))
    np.save("steps_vec.npy", collatz_vec(n0))
