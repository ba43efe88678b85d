# RUN: %e2e %s
# Conditional expressions on run-time and literal conditions (only the
# chosen branch runs: an index out of range in the other is never read),
# `with np.errstate(...)` around a division by zero (the body runs; arrayc
# never traps float errors, as NumPy under 'ignore'), loops over tuple
# displays (items of different types), and `for i, (a, b) in
# enumerate(zip(x, y))`.
# INPUT: x f64 [23]
# INPUT: y f64 [19]
# INPUT: z i64 [12]
# OUTPUT: steps
# OUTPUT: picked
# OUTPUT: ratio
# OUTPUT: shifts
# OUTPUT: weighted
# OUTPUT: lit
import numpy as np


def collatz_steps(n):
    steps = 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    z: i64[k] = np.load("z.npy")
    steps = np.zeros(z.shape[0], dtype=np.int64)
    for i in range(z.shape[0]):
        steps[i] = collatz_steps(np.abs(z[i]) % 50 + 1)
    picked = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        picked[i] = x[i + 1] if i + 1 < x.shape[0] else -x[i]
    with np.errstate(divide='ignore', invalid='ignore'):
        ratio = np.where(x > 0.5, 1.0 / np.maximum(x - 0.5, 0.0), 0.0)
    shifts = np.zeros(x.shape[0])
    for d in (1, -1, 2.5):
        shifts += np.roll(x, int(d)) * d
    weighted = 0.0
    for i, (a, b) in enumerate(zip(x, y)):
        weighted += i * a * b
    lit = 3.0 if x.shape[0] > 100 else 4.0
    np.save("steps.npy", steps)
    np.save("picked.npy", picked)
    np.save("ratio.npy", ratio)
    np.save("shifts.npy", shifts)
    np.save("weighted.npy", weighted)
    np.save("lit.npy", lit)
