# RUN: %e2e %s
# Tests prod on f64 and f32 (positive inputs near 1), every axis form, and
# prod of i32, which NumPy accumulates in i64.
# INPUT: x f64 [6, 9, 5] positive
# INPUT: y f32 [20, 30] positive
# INPUT: k i32 [8, 5] range=-9:10
# OUTPUT: all 1e-12
# OUTPUT: ax 1e-12
# OUTPUT: tup 1e-12
# OUTPUT: keep 1e-12
# OUTPUT: f32rows 1e-5
# OUTPUT: iall
# OUTPUT: irows
import numpy as np

def main():
    x: f64[a, b, c] = np.load("x.npy")
    y: f32[n, m] = np.load("y.npy")
    k: i32[p, q] = np.load("k.npy")
    np.save("all.npy", prod(x))
    np.save("ax.npy", np.prod(x, axis=1))
    np.save("tup.npy", np.prod(x, axis=(0, -1)))
    np.save("keep.npy", prod(x, axis=2, keepdims=True))
    np.save("f32rows.npy", np.prod(y, axis=1))
    np.save("iall.npy", np.prod(k))
    np.save("irows.npy", prod(k, axis=-1))
