# RUN: %e2e %s
# Arrays and lists that grow inside a loop from a start whose size is known
# when compiling (`np.zeros(1)`, `[x[0]]`): the grown value keeps every
# iteration's growth, with and without `break`, in `for` and `while` loops
# (the upstream scf.for cast folder used to cast the grown array back to the
# start's size: a compile error, or silently only the last growth).
# INPUT: x f64 [23]
# OUTPUT: grown
# OUTPUT: grown_break
# OUTPUT: kept
# OUTPUT: kept_break
# OUTPUT: doubled
# OUTPUT: x
import numpy as np


def grow(x, steps):
    a = np.zeros(1)
    for i in range(steps):
        a = np.concatenate((a, x[i:i + 1] * i))
    return a


def grow_until(x, limit):
    a = np.ones(2)
    for i in range(len(x)):
        a = np.append(a, x[i] + a[-1])
        if a[-1] > limit:
            break
    return a


def positives(x):
    out = [x[0]]
    for v in x:
        if v > 0.4:
            out.append(v)
    return np.array(out)


def positives_until(x, n_max):
    out = [0.0]
    for v in x:
        out.append(v * 3.0)
        if len(out) > n_max:
            break
    return np.array(out)


def doubling(x):
    a = x[:1].copy()
    while a.shape[0] < len(x):
        a = np.concatenate((a, a * 0.5))
    x[:3] = a[:3] - 1.0   # the argument is written in place too
    return a


def main():
    x: f64[n] = np.load("x.npy")
    steps = len(x) - 3
    grown = grow(x, steps)
    grown_break = grow_until(x, 4.0)
    kept = positives(x)
    kept_break = positives_until(x, 7)
    doubled = doubling(x)
    np.save("grown.npy", grown)
    np.save("grown_break.npy", grown_break)
    np.save("kept.npy", kept)
    np.save("kept_break.npy", kept_break)
    np.save("doubled.npy", doubled)
    np.save("x.npy", x)
