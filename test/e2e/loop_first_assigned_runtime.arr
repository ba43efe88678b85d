# RUN: %e2e %s
# A variable first assigned inside a loop that surely runs (a literal
# range) keeps its last value after the loop, also when its sizes are only
# known at run time.
# INPUT: x f64 [20, 3]
# OUTPUT: y
# OUTPUT: rm
import numpy as np


def norm_rows(x, rm):
    rm *= 0.9
    rm += 0.1 * x.mean(axis=0)
    return (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-5)


def main():
    x: f64[n, d] = np.load("x.npy")
    rm = np.zeros(x.shape[1])
    for step in range(3):
        y = norm_rows(x * (step + 1), rm)
    np.save("y.npy", y)
    np.save("rm.npy", rm)
