# RUN: %e2e %s
# Tests Python's sum() and np.add.reduce over lists of arrays whose items are
# known one by one (comprehensions over tuple displays, list displays): each
# becomes the chain 0 + x0 + x1 + ... of fused elementwise adds, with NumPy's
# dtypes: bool items summed by sum() are int64 (Python's 0 + True), by
# np.add.reduce int64 too (the add's sum type), int8 items by add.reduce the
# platform int; a -0.0 item after Python's start 0 is +0.0. A list built by a
# loop keeps the stack-and-reduce path; both agree with NumPy.
# INPUT: b bool [6, 5]
# INPUT: x f32 [6, 5] negzero
# INPUT: k i8 [6, 5] range=-100:100
# OUTPUT: s_bool
# OUTPUT: r_bool
# OUTPUT: s_f32 signbit
# OUTPUT: r_i8
# OUTPUT: r_loop
import numpy as np

def main():
    b: bool[n, m] = np.load("b.npy")
    x: f32[n, m] = np.load("x.npy")
    k: i8[n, m] = np.load("k.npy")
    s_bool = sum(np.roll(b, s, 1) for s in (-2, 1, 3))
    r_bool = np.add.reduce([b, ~b, b & np.roll(b, 1, 0)])
    s_f32 = sum(v for v in (x * 0.5, -x, x * 0.5 - 0.0))
    r_i8 = np.add.reduce([k, k, k - 1])
    loop = [x[:, j] * j for j in range(x.shape[1])]
    r_loop = np.add.reduce(loop)
    np.save("s_bool.npy", s_bool)
    np.save("r_bool.npy", r_bool)
    np.save("s_f32.npy", s_f32)
    np.save("r_i8.npy", r_i8)
    np.save("r_loop.npy", r_loop)
