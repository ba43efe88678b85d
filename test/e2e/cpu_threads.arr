# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# RUN: env ARRAYC_NUM_THREADS=1 %e2e %s
# RUN: env ARRAYC_NUM_THREADS=3 %e2e --mode=aot %s
# Loop nests large enough to run on the cpu target's threads (over 32768
# iterations: arrayc-cpu-threads), as NumPy users write them: in-place
# updates of a window, row and column reductions, a row softmax with
# vectorized exp, a scan per row, a time loop with a helper, and a run-time
# size; whole-array sums, max/min (NaN included), counts and 1-D scans,
# split into chunks on threads (a 70001-term f32 running sum in order, as
# NumPy and one thread run it, is up to ~1e-5 off float64 on some data, NumPy's
# own included: vscan's tolerance 5e-5).
# One thread and three threads (more than this machine's cores) give the
# same results.
# INPUT: A f32 [300, 257]
# INPUT: B f64 [181, 400]
# INPUT: v f32 [70001]
# OUTPUT: A1
# OUTPUT: B1
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: soft
# OUTPUT: scan
# OUTPUT: total
# OUTPUT: vmax
# OUTPUT: bsum
# OUTPUT: npos
# OUTPUT: nanmin
# OUTPUT: vscan 5e-5
# OUTPUT: iscan
# OUTPUT: w
import numpy as np

def relax(U: f64[r, c], steps: i64):
    for t in range(steps):
        U[1:-1, 1:-1] = 0.25 * (U[:-2, 1:-1] + U[2:, 1:-1] + U[1:-1, :-2] + U[1:-1, 2:])

def softmax_rows(X: f32[r, c]) -> f32[r, c]:
    e = np.exp(X - X.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)

def main():
    A: f32[r, c] = np.load("A.npy")
    B: f64[p, q] = np.load("B.npy")
    v: f32[n] = np.load("v.npy")
    A[:, 1:] += 0.5 * np.tanh(A[:, :-1])
    A *= 2.0
    relax(B, 3)
    rows = np.sin(B).sum(axis=1)
    cols = np.abs(A).mean(axis=0)
    soft = softmax_rows(A)
    scan = np.cumsum(A, axis=1)
    total = np.sum(v * v)
    vmax = np.max(v)
    bsum = B.sum()
    npos = np.sum(A > 0)
    vn = v.copy()
    vn[v.shape[0] - 3] = np.nan
    nanmin = np.min(vn + 1.0)
    vscan = np.cumsum(v)
    iscan = np.cumsum(A > 0)
    m = v.shape[0] // 2
    w = np.log1p(np.abs(v[:m])) + np.expm1(-np.abs(v[m:2 * m]))
    np.save("A1.npy", A)
    np.save("B1.npy", B)
    np.save("rows.npy", rows)
    np.save("cols.npy", cols)
    np.save("soft.npy", soft)
    np.save("scan.npy", scan)
    np.save("total.npy", total)
    np.save("vmax.npy", vmax)
    np.save("bsum.npy", bsum)
    np.save("npos.npy", npos)
    np.save("nanmin.npy", nanmin)
    np.save("vscan.npy", vscan)
    np.save("iscan.npy", iscan)
    np.save("w.npy", w)
