# RUN: %e2e %s
# Tests that np.save appends ".npy" to a name without it, as NumPy does
# (np.save("out", x) writes out.npy; "b.npy" stays b.npy, and a name with
# another suffix gets ".npy" after it).
# INPUT: x f32 [7]
# OUTPUT: out
# OUTPUT: b.npy
# OUTPUT: c.data.npy
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    np.save("out", x * 2.0)
    np.save("b.npy", x + 1.0)
    np.save("c.data", x - 1.0)
