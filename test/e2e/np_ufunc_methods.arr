# RUN: %e2e %s
# Tests the binary ufuncs' methods: outer (1-d and 2-d operands, mixed
# dtypes), reduce (default axis 0, other axes, keepdims, small ints widened)
# and accumulate (add, multiply, along axis 0 and 1).
# INPUT: x f64 [13]
# INPUT: y f32 [7]
# INPUT: A f64 [6, 5]
# INPUT: K i16 [4, 9] range=-5:5
# OUTPUT: o0
# OUTPUT: o1
# OUTPUT: o2
# OUTPUT: o3
# OUTPUT: d0
# OUTPUT: d1
# OUTPUT: d2
# OUTPUT: d3
# OUTPUT: d4
# OUTPUT: c0
# OUTPUT: c1
# OUTPUT: c2
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f32[m] = np.load("y.npy")
    A: f64[r, c] = np.load("A.npy")
    K: i16[p, q] = np.load("K.npy")
    np.save("o0.npy", np.add.outer(x, y))
    np.save("o1.npy", np.multiply.outer(y, A))
    np.save("o2.npy", np.subtract.outer(K[0], x))
    np.save("o3.npy", np.maximum.outer(x, x))
    np.save("d0.npy", np.add.reduce(A))
    np.save("d1.npy", np.multiply.reduce(A, axis=1))
    np.save("d2.npy", np.maximum.reduce(K, axis=1, keepdims=True))
    np.save("d3.npy", np.add.reduce(K))
    np.save("d4.npy", np.minimum.reduce(x))
    np.save("c0.npy", np.add.accumulate(x))
    np.save("c1.npy", np.multiply.accumulate(A, axis=1))
    np.save("c2.npy", np.add.accumulate(K))
