# RUN: %e2e %s
# Reductions and arg-reductions over many short rows (on the GPU: a group of
# lanes per row for 32 or more rows of 33..1024 points, shuffles only; fewer
# or longer rows by blocks): a k-means assignment as users write it (argmin over the
# distances to 64 centroids; integer coordinates, so distances are exact and
# ties go to the first centroid, as in NumPy), row sums, maxima and means,
# argmax with NaNs written into the data in place, an int min, and the
# block-path neighbours (rows of 1025 points, 5 rows); label counts as a
# one-hot sum (every output reads the same labels; 64 and 5 outputs).
# Run-time sizes; the inputs compared after the calls.
# INPUT: X f64 [6000, 8] range=-6:6
# INPUT: a f32 [4000, 64]
# INPUT: b f32 [300, 1000]
# INPUT: g f32 [40, 1025]
# INPUT: w f32 [5, 500]
# INPUT: k i64 [2000, 64] range=-1000:1000
# INPUT: t f32 [20, 30, 48]
# OUTPUT: labels
# OUTPUT: counts
# OUTPUT: onehot_counts
# OUTPUT: few_counts
# OUTPUT: rowsum 1e-5
# OUTPUT: rowmax
# OUTPUT: nanarg
# OUTPUT: longarg
# OUTPUT: fewsum 1e-5
# OUTPUT: kmin
# OUTPUT: tmean 1e-5
# OUTPUT: b_after
import numpy as np


def nearest(x, c):
    d2 = np.sum(c * c, axis=1)[None, :] - 2.0 * (x @ c.T)
    return np.argmin(d2, axis=1)


def main():
    X: f64[n, d] = np.load("X.npy")
    a: f32[p, q] = np.load("a.npy")
    b: f32[r, s] = np.load("b.npy")
    g: f32[u, v] = np.load("g.npy")
    w: f32[e, f] = np.load("w.npy")
    k: i64[h, j] = np.load("k.npy")
    t: f32[x, y, z] = np.load("t.npy")
    pts = np.floor(X)
    cent = pts[:64].copy()
    labels = nearest(pts, cent)
    np.save("labels.npy", labels)
    np.save("counts.npy", np.bincount(labels, minlength=64))
    onehot = (labels[:, None] == np.arange(cent.shape[0])[None, :]).astype(np.float64)
    np.save("onehot_counts.npy", np.sum(onehot, axis=0))
    np.save("few_counts.npy", (labels[:, None] == np.arange(5)[None, :]).sum(axis=0))
    np.save("rowsum.npy", a.sum(axis=1))
    np.save("rowmax.npy", np.max(b, axis=1))
    b[::7, 5] = np.nan
    b[3, 900] = np.nan
    np.save("nanarg.npy", np.argmax(b, axis=1))
    np.save("longarg.npy", np.argmin(g, axis=1))
    np.save("fewsum.npy", w.sum(axis=-1))
    np.save("kmin.npy", k.min(axis=1))
    np.save("tmean.npy", t.mean(axis=2))
    np.save("b_after.npy", b)
