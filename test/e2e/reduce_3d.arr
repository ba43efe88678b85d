# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests reductions of a 3-d array over every single axis and pairs of axes,
# with keepdims, and a reduction feeding elementwise code.
# INPUT: x f32 [12, 17, 23]
# OUTPUT: s0 1e-5
# OUTPUT: s1 1e-5
# OUTPUT: s2 1e-5
# OUTPUT: s02 1e-5
# OUTPUT: s12k 1e-5
# OUTPUT: m01
# OUTPUT: n12
# OUTPUT: centered 1e-5
import numpy as np

def center(x: f32[a, b, c]) -> f32[a, b, c]:
    return x - sum(x, axis=(0, 2), keepdims=True) / 276.0

def main():
    x: f32[a, b, c] = np.load("x.npy")
    np.save("s0.npy", sum(x, axis=0))
    np.save("s1.npy", sum(x, axis=1))
    np.save("s2.npy", sum(x, axis=2))
    np.save("s02.npy", np.sum(x, axis=(0, 2)))
    np.save("s12k.npy", np.sum(x, axis=(-1, 1), keepdims=True))
    np.save("m01.npy", np.max(x, axis=(0, 1)))
    np.save("n12.npy", np.min(x, axis=(1, 2), keepdims=True))
    np.save("centered.npy", center(x))
