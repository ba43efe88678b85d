# RUN: %e2e %s
# Tests f32 matrix products with the tolerance of TF32 tensor-core products:
# the GPU suite also runs this program with --tf32 (scripts/gpu-suite.sh), where
# cuBLAS rounds the inputs to a 10-bit mantissa and accumulates in f32; without
# it (and on the CPU) the products are exact f32.
# INPUT: a f32 [300, 500]
# INPUT: b f32 [500, 200]
# INPUT: v f32 [500]
# OUTPUT: c 1e-3
# OUTPUT: d 1e-3
import numpy as np

def main():
    a: f32[m, k] = np.load("a.npy")
    b: f32[k, n] = np.load("b.npy")
    v: f32[k] = np.load("v.npy")
    np.save("c.npy", a @ b)
    np.save("d.npy", a @ (b * 2.0) + a @ v[:, np.newaxis])
