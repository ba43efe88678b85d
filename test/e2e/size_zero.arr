# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests size-0 arrays: elementwise ops, broadcasting, sum (0) and prod (1) of
# nothing, and reductions that leave a non-empty result.
# INPUT: x f32 [0]
# INPUT: y f32 [0, 5]
# INPUT: r f32 [5]
# INPUT: k i32 [0]
# OUTPUT: ew
# OUTPUT: sum
# OUTPUT: prod
# OUTPUT: cols
# OUTPUT: rows
# OUTPUT: bc
# OUTPUT: isum
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
