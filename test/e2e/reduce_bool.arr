# RUN: %e2e %s
# Tests reductions of bool: sum counts in i64, max/min are any/all, prod.
# INPUT: p bool [50, 60]
# INPUT: x f32 [50, 60]
# OUTPUT: count
# OUTPUT: rows
# OUTPUT: any
# OUTPUT: all
# OUTPUT: pos
import numpy as np

def main():
    p: bool[n, m] = np.load("p.npy")
    x: f32[n, m] = np.load("x.npy")
    np.save("count.npy", sum(p))
    np.save("rows.npy", np.sum(p, axis=1))
    np.save("any.npy", max(p, axis=0))
    np.save("all.npy", np.min(p, axis=1))
    np.save("pos.npy", sum(x > 0, axis=0))
