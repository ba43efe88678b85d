# Data-dependent selections at sizes where the cuda target's CUB compaction
# matters (run by cub-large.test on the cuda target only): mask reads
# (x[m], a copy of data-dependent size), nonzero of 1-d and 2-d arrays,
# where(c), count_nonzero, a mask read of a strided view, and masked
# updates, on a million elements and more.
# INPUT: x f64 [1000000]
# INPUT: A f32 [1000, 1200]
# INPUT: k i32 [2000003] range=-3:3
# INPUT: z c128 [300000]
# OUTPUT: pos
# OUTPUT: idx
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: wk
# OUTPUT: nk
# OUTPUT: counts
# OUTPUT: every_other
# OUTPUT: zs
# OUTPUT: x1
import numpy as np

def clamp_big(v: f64[n]):
    v[v > 2.0] = 2.0

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    k: i32[m] = np.load("k.npy")
    z: c128[p] = np.load("z.npy")
    pos = x[x > 0.5]
    idx = np.nonzero(x < -1.0)[0]
    rows, cols = np.nonzero(A > 1.5)
    wk = np.where(k == 0)[0]
    nk = np.count_nonzero(k)
    counts = np.count_nonzero(A > 0.0, axis=1)
    V = A[:, ::2]
    every_other = V[V < -1.0]
    zs = z[z.real > 0.0]
    x1 = x.copy()
    clamp_big(x1)
    np.save("pos.npy", pos)
    np.save("idx.npy", idx)
    np.save("rows.npy", rows)
    np.save("cols.npy", cols)
    np.save("wk.npy", wk)
    np.save("nk.npy", nk)
    np.save("counts.npy", counts)
    np.save("every_other.npy", every_other)
    np.save("zs.npy", zs)
    np.save("x1.npy", x1)
