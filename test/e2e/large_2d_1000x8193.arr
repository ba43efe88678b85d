# RUN: %e2e %s
# RUN: %e2e --flag=--no-fusion %s
# Tests a 1000 x 8193 f32 matrix: row and column reductions and
# a row softmax (max, exp, sum, divide). (The full f32 sum is in
# reduce_sum_f32_accuracy.arr.)
# INPUT: x f32 [1000, 8193]
# OUTPUT: rowsum 1e-5
# OUTPUT: colmax
# OUTPUT: colmin
# OUTPUT: softmax 1e-5
import numpy as np

def softmax(a: f32[r, c]) -> f32[r, c]:
    e = exp(a - max(a, axis=1, keepdims=True))
    return e / sum(e, axis=1, keepdims=True)

def main():
    x: f32[r, c] = np.load("x.npy")
    np.save("rowsum.npy", np.sum(x, axis=1))
    np.save("colmax.npy", np.max(x, axis=0))
    np.save("colmin.npy", min(x, axis=-2))
    np.save("softmax.npy", softmax(x))
