# RUN: %e2e %s
# Spearman rank correlation: ranks via argsort of argsort, then Pearson
# correlation of the ranks; Kendall-style concordance count with a double loop.
# INPUT: x f64 [80]
# INPUT: e f64 [80]
# OUTPUT: rho
# OUTPUT: concordant
# JIT: rankdata spearman concordance
import numpy as np


def rankdata(a):
    return np.argsort(np.argsort(a)).astype(float) + 1


def spearman(x, y):
    rx, ry = rankdata(x), rankdata(y)
    rx -= rx.mean()
    ry -= ry.mean()
    return (rx @ ry) / np.sqrt((rx @ rx) * (ry @ ry))


def concordance(x, y):
    c = 0
    n = len(x)
    for i in range(n):
        for j in range(i + 1, n):
            if (x[i] - x[j]) * (y[i] - y[j]) > 0:
                c += 1
    return c


def main():
    x: f64[n] = np.load("x.npy")
    e: f64[n] = np.load("e.npy")
    y = x ** 3 + 0.5 * e
    np.save("rho.npy", spearman(x, y))
    np.save("concordant.npy", concordance(x, y))
