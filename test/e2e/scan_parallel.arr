# RUN: %e2e %s
# Tests scans that the GPU runs in parallel (arrayc-gpu-map-linalg: tiles of
# 4096 elements scanned with warp shuffles, rows longer than a tile through
# their tiles' totals): f32, i32 and bool along the innermost axis, one row
# and many, lengths that are not a multiple of the tile, a cumprod, and 17M
# elements (more than 4096 tiles, so the totals' own scan takes several
# passes). f32 tolerances are those of a sequential f32 scan (NumPy's).
# INPUT: v f32 [300001]
# INPUT: w f32 [5, 9000]
# INPUT: k i32 [70001]
# INPUT: m bool [5003]
# INPUT: q f64 [3, 2, 4097]
# OUTPUT: cv 1e-4
# OUTPUT: cw 1e-5
# OUTPUT: ck
# OUTPUT: cm
# OUTPUT: cq 1e-12
# OUTPUT: cp 1e-4
# OUTPUT: big
import numpy as np

def main():
    v: f32[n] = np.load("v.npy")
    w: f32[r, c] = np.load("w.npy")
    k: i32[p] = np.load("k.npy")
    m: bool[s] = np.load("m.npy")
    q: f64[a, b, d] = np.load("q.npy")
    np.save("cv.npy", np.cumsum(v))
    np.save("cw.npy", np.cumsum(w, axis=1))
    np.save("ck.npy", np.cumsum(k))
    np.save("cm.npy", np.cumsum(m))
    np.save("cq.npy", np.cumsum(q, axis=-1))
    np.save("cp.npy", np.cumprod(1.0 + v[0:6000] * 0.0001))
    big = np.cumsum(np.arange(17000000) % 7)
    np.save("big.npy", big[16999000:17000000])
