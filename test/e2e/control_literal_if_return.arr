# RUN: %e2e %s
# Tests functions whose every path returns only through a literal condition
# (Python accepts them: `if True: return ...`, `if False: ... else: return`,
# `if 0: ... elif 1: return`).
# INPUT: x f64 [7]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
import numpy as np

def always(x: f64[n]) -> f64[n]:
    if True:
        return x * 2.0

def otherwise(x: f64[n]) -> f64[n]:
    if False:
        x = x + 100.0
    else:
        return x - 1.0

def chained(x: f64[n]) -> f64[n]:
    if 0:
        return x
    elif 1:
        return np.abs(x)

def main():
    x: f64[n] = np.load("x.npy")
    np.save("a.npy", always(x))
    np.save("b.npy", otherwise(x))
    np.save("c.npy", chained(x))
