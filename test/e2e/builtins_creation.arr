# RUN: %e2e %s
# Tests the creation builtins (bare and np.) with dtype=, shapes from literals
# and tuples, sizes 0 and 1, and the *_like forms on a named-dim input;
# a large linspace (computed at run time, its last element exactly stop).
# INPUT: x f32 [8193]
# INPUT: m i32 [5, 1]
# OUTPUT: z
# OUTPUT: o
# OUTPUT: f
# OUTPUT: emp
# OUTPUT: a1
# OUTPUT: a2
# OUTPUT: a3
# OUTPUT: a4
# OUTPUT: l1
# OUTPUT: l2
# OUTPUT: l4
# OUTPUT: l3
# OUTPUT: e1
# OUTPUT: e2
# OUTPUT: zl
# OUTPUT: ol
# OUTPUT: fl
# OUTPUT: fl2
# OUTPUT: consts
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    m: i32[k, 1] = np.load("m.npy")
    np.save("z.npy", zeros((2, 3)))
    np.save("o.npy", np.ones(7, dtype=np.int32))
    np.save("f.npy", full((3, 1, 2), 2.5, dtype=f32))
    np.save("emp.npy", np.zeros((0, 4), dtype=np.float32) + empty((0, 4), dtype=np.float32))
    np.save("a1.npy", arange(10))
    np.save("a2.npy", np.arange(1.0, 2.0, 0.125))
    np.save("a3.npy", arange(10, 0, -3, dtype=np.int16))
    np.save("a4.npy", arange(5, 2))
    np.save("l1.npy", linspace(0, 1, 11))
    np.save("l2.npy", np.linspace(-2.0, 3.0, num=7, endpoint=False, dtype=np.float32))
    np.save("l3.npy", linspace(2, 5, 1))
    np.save("l4.npy", np.linspace(-1.0, 7.0, 2**20 + 1))  # a kernel, not 8 MB of data
    np.save("e1.npy", eye(4))
    np.save("e2.npy", np.eye(3, 5, k=-1, dtype=bool))
    np.save("zl.npy", zeros_like(x))
    np.save("ol.npy", np.ones_like(m, dtype=np.float64))
    np.save("fl.npy", full_like(m, 2.7))
    np.save("fl2.npy", np.full_like(x, 1.5))
    np.save("consts.npy", pi + e * np.pi - np.e)
