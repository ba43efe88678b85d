# RUN: %e2e %s
# Sums and means of rows (or columns) selected by a boolean mask, as k-means
# and group statistics write them: `X[labels == j].mean(axis=0)` per cluster
# in a loop with a run-time cluster count (the sum reads X through the mask,
# no compaction), an empty cluster skipped by `len(members) > 0`, integer
# sums, columns selected by `X[:, keep]` and summed along them, a selection
# that is also returned (gathered), and -0.0 rows kept as NumPy keeps them.
# The inputs compared after the call.
# INPUT: X f64 [5000, 3]
# INPUT: labels i64 [5000] range=0:6
# INPUT: K i32 [400, 7] range=-1000:1000
# INPUT: keep bool [7]
# OUTPUT: centers 1e-12
# OUTPUT: sizes
# OUTPUT: ksum
# OUTPUT: colsum
# OUTPUT: picked
# OUTPUT: negzero
# OUTPUT: X_after
import numpy as np


def cluster_means(X, labels, k):
    centers = np.zeros((k, X.shape[1]))
    sizes = np.zeros(k, dtype=np.int64)
    for j in range(k):
        members = X[labels == j]
        sizes[j] = len(members)
        if len(members) > 0:
            centers[j] = members.mean(axis=0)
    return centers, sizes


def main():
    X: f64[n, d] = np.load("X.npy")
    labels: i64[n] = np.load("labels.npy")
    K: i32[m, c] = np.load("K.npy")
    keep: bool[c] = np.load("keep.npy")
    k = int(labels.max()) + 2          # one cluster more than used: empty
    centers, sizes = cluster_means(X, labels, k)
    np.save("centers.npy", centers)
    np.save("sizes.npy", sizes)
    np.save("ksum.npy", K[K[:, 0] > 0].sum(axis=0))
    np.save("colsum.npy", K[:, keep].sum(axis=1))
    big = X[:, 0] > 0.5
    np.save("picked.npy", X[big])
    z = np.zeros((4, 2)) * -1.0
    np.save("negzero.npy", 1.0 / z[np.array([True, False, True, False])].sum(axis=0))
    np.save("X_after.npy", X)
