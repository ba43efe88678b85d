# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests reductions over one middle axis of 3-d and 4-d arrays (sum, max,
# mean, keepdims, negative axes) and over runs of axes, with sizes known
# only at run time: arrayc-collapse-dims turns each into an (outer, axis,
# inner) reduction, then normalizes by it (a broadcast over the same axis).
# INPUT: x f32 [6, 50, 40]
# INPUT: z f64 [3, 4, 25, 9]
# INPUT: k i32 [4, 30, 5, 6]
# OUTPUT: s1 1e-4
# OUTPUT: m1
# OUTPUT: n1 1e-5
# OUTPUT: s4 1e-12
# OUTPUT: m4
# OUTPUT: s23 1e-12
# OUTPUT: mean4 1e-12
# OUTPUT: ks
# OUTPUT: km
# OUTPUT: z_after
import numpy as np

def normalize_axis1(x):
    return x / np.abs(x).sum(axis=1, keepdims=True)

def main():
    x: f32[a, b, c] = np.load("x.npy")
    z: f64[p, q, r, s] = np.load("z.npy")
    k: i32[u, v, w, t] = np.load("k.npy")
    np.save("s1.npy", x.sum(axis=1))
    np.save("m1.npy", np.max(x, axis=-2))
    np.save("n1.npy", normalize_axis1(x))
    np.save("s4.npy", z.sum(axis=1))
    np.save("m4.npy", z.max(axis=2, keepdims=True))
    np.save("s23.npy", np.sum(z, axis=(1, 2)))
    np.save("mean4.npy", z.mean(axis=-2))
    np.save("ks.npy", k.sum(axis=1))
    np.save("km.npy", np.max(k, axis=2))
    np.save("z_after.npy", z)
