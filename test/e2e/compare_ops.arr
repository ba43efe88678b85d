# RUN: %e2e %s
# Tests < <= > >= == != on f32, i16 and mixed.
# INPUT: x f32 [97]
# INPUT: y f32 [97]
# INPUT: k i16 [97]
# OUTPUT: lt
# OUTPUT: le
# OUTPUT: gt
# OUTPUT: ge
# OUTPUT: eq
# OUTPUT: ne
# OUTPUT: mixed
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    k: i16[n] = np.load("k.npy")
    np.save("lt.npy", x < y)
    np.save("le.npy", x <= x * 0.5)
    np.save("gt.npy", x > 0)
    np.save("ge.npy", k >= 3)
    np.save("eq.npy", k == k * 1)
    np.save("ne.npy", x != y)
    np.save("mixed.npy", k > x)
