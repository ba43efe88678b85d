# RUN: %e2e %s
# Tests max and min (and amax/amin) on f32, i32 and i16 with every axis form.
# INPUT: x f32 [29, 41]
# INPUT: k i32 [29, 41]
# INPUT: s i16 [7, 3, 5]
# OUTPUT: xmax
# OUTPUT: xmin0
# OUTPUT: xmax1k
# OUTPUT: kmax
# OUTPUT: kmin
# OUTPUT: smax
# OUTPUT: smin
import numpy as np

def main():
    x: f32[n, m] = np.load("x.npy")
    k: i32[n, m] = np.load("k.npy")
    s: i16[a, b, c] = np.load("s.npy")
    np.save("xmax.npy", max(x))
    np.save("xmin0.npy", np.min(x, axis=0))
    np.save("xmax1k.npy", np.max(x, axis=-1, keepdims=True))
    np.save("kmax.npy", np.amax(k, axis=1))
    np.save("kmin.npy", min(k))
    np.save("smax.npy", max(s, axis=(0, 2)))
    np.save("smin.npy", np.amin(s, axis=(-1, -2), keepdims=True))
