# RUN: %e2e %s
# Boolean masks as NumPy users write them: clamping through a helper that
# mutates its argument (and a view of it), in-place updates of the selected
# elements, masked means, reading the selected elements (a 1-d array whose
# size depends on the data), nonzero, where(c) and count_nonzero.
# INPUT: x f64 [50]
# INPUT: A f32 [7, 9]
# OUTPUT: x1
# OUTPUT: A1
# OUTPUT: pos
# OUTPUT: big
# OUTPUT: masked_mean
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: idx
# OUTPUT: counts
# OUTPUT: total
import numpy as np

def relu_(v: f64[n]):
    v[v < 0] = 0

def bump_large(M: f32[r, c]):
    M[M > 0.5] += 1

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    pos = x[x > 0]                      # a copy
    head = x[:20]
    relu_(head)                         # writes through a view of x
    x[x > 1.5] = -x[x > 1.5]            # a 1-d value placed at the true positions
    big = A[A > 0.0] * 2.0
    masked_mean = A[A < 0.0].mean()
    bump_large(A)
    rows, cols = np.nonzero(A > 1.0)
    idx = np.where(x == 0.0)[0]
    counts = np.count_nonzero(A > 0.0, axis=0)
    total = np.count_nonzero(x)
    np.save("x1.npy", x)
    np.save("A1.npy", A)
    np.save("pos.npy", pos)
    np.save("big.npy", big)
    np.save("masked_mean.npy", masked_mean)
    np.save("rows.npy", rows)
    np.save("cols.npy", cols)
    np.save("idx.npy", idx)
    np.save("counts.npy", counts)
    np.save("total.npy", total)
