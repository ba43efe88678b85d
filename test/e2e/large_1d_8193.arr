# RUN: %e2e %s
# Tests an 8193-element (not a multiple of any vector/block width) array
# through a fused elementwise chain and full reductions.
# INPUT: x f32 [8193] range=-1:3
# INPUT: y f32 [8193]
# OUTPUT: ew
# OUTPUT: sum 1e-5
# OUTPUT: mse 1e-5
# OUTPUT: max
# OUTPUT: min
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    np.save("ew.npy", (x - y) * tanh(x) + 0.25 * y)
    np.save("sum.npy", sum(x))
    np.save("mse.npy", sum((x - y) ** 2) / 8193)
    np.save("max.npy", max(x * y))
    np.save("min.npy", np.min(x - y))
