# RUN: %e2e %s
# Tests shapes computed at run time given to reshape and broadcast_to
# (`x.reshape(n // 2, 2)`); broadcast_to of a run-time slice checks its size
# against the requested one when the program runs.
# INPUT: x f64 [10]
# INPUT: m f64 [6, 4]
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
import numpy as np

def pairs(x: f64[n]) -> f64[h, 2]:
    return x.reshape(x.shape[0] // 2, 2)

def main():
    x: f64[n] = np.load("x.npy")
    m: f64[r, c] = np.load("m.npy")
    a = pairs(x) * 2.0
    b = np.broadcast_to(x[:3], (x.shape[0] - 6, 3)) + 1.0
    c = np.reshape(m, (m.shape[0] * 2, m.shape[1] // 2)).T
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
