# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests size-0 arrays: elementwise ops, broadcasting, sum (0) and prod (1) of
# nothing, and reductions that leave a non-empty result, also in 3-d.
# INPUT: x f32 [0]
# INPUT: y f32 [0, 5]
# INPUT: r f32 [5]
# INPUT: k i32 [0]
# INPUT: z f32 [3, 0, 4]
# OUTPUT: ew
# OUTPUT: sum
# OUTPUT: prod
# OUTPUT: cols
# OUTPUT: rows
# OUTPUT: bc
# OUTPUT: isum
# OUTPUT: z1
# OUTPUT: z02
# OUTPUT: z12
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[m, c] = np.load("y.npy")
    r: f32[c] = np.load("r.npy")
    k: i32[n] = np.load("k.npy")
    np.save("ew.npy", exp(x) * 2 + x)
    np.save("sum.npy", sum(x))
    np.save("prod.npy", prod(x))
    np.save("cols.npy", sum(y, axis=0))
    np.save("rows.npy", np.max(y, axis=1))
    np.save("bc.npy", y - r)
    np.save("isum.npy", sum(k))
    z: f32[a, b, d] = np.load("z.npy")
    np.save("z1.npy", sum(z, axis=1))
    np.save("z02.npy", max(z, axis=(0, 2)))
    np.save("z12.npy", prod(z, axis=(1, 2), keepdims=True))
