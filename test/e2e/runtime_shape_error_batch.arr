# RUN: %e2e %s
# Tests batch dims of @ that disagree at run time: a located error with
# both shapes.
# INPUT: a f64 [3, 2, 4]
# INPUT: b f64 [5, 4, 2]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_batch.arr:13:11: matmul: batch dimensions could not be broadcast together with shapes (3,2,4) (5,4,2)
import numpy as np

def main():
    a: f64[p, 2, 4] = np.load("a.npy")
    b: f64[q, 4, 2] = np.load("b.npy")
    d = a @ b
    np.save("d.npy", d)
