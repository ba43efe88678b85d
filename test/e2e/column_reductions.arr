# RUN: %e2e %s
# Reductions along an outer axis with few outputs: tall arrays whose columns
# are fewer than the GPU's threads (there each column's rows are folded in
# slices, then the slices' partials combined), a weighted column sum as
# `h.T @ v`, the gradients of a layer, max with NaNs, integer sums and
# keepdims; run-time sizes, the inputs compared after the calls.
# INPUT: tall f32 [20000, 7]
# INPUT: h f64 [3000, 130]
# INPUT: v f64 [3000, 1]
# INPUT: z f32 [5000, 33] nan
# INPUT: k i32 [4099, 65] range=-1000:1000
# INPUT: w f32 [2, 3, 5000, 4]
# OUTPUT: col_sum 1e-5
# OUTPUT: col_mean 1e-5
# OUTPUT: weighted
# OUTPUT: grad_b
# OUTPUT: col_max
# OUTPUT: int_sums
# OUTPUT: keep 1e-5
# OUTPUT: h_after
import numpy as np


def layer_grads(h, v):
    g = h * v
    g[h < 0] = 0
    return h.T @ v, g.sum(axis=0)


def main():
    tall: f32[n, c] = np.load("tall.npy")
    h: f64[m, p] = np.load("h.npy")
    v: f64[m, 1] = np.load("v.npy")
    z: f32[q, r] = np.load("z.npy")
    k: i32[s, t] = np.load("k.npy")
    w: f32[a, b, e, f] = np.load("w.npy")
    np.save("col_sum.npy", tall.sum(axis=0))
    np.save("col_mean.npy", np.mean(tall, axis=0))
    weighted, grad_b = layer_grads(h, v)
    np.save("weighted.npy", weighted)
    np.save("grad_b.npy", grad_b)
    np.save("col_max.npy", np.max(z, axis=0))
    np.save("int_sums.npy", k.sum(axis=0))
    np.save("keep.npy", w.sum(axis=2, keepdims=True))
    np.save("h_after.npy", h)
