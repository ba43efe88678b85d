# RUN: %e2e %s
# Connected components by label propagation: every node starts with its own
# index; repeatedly take the minimum label over neighbours until nothing
# changes; then the number of components and their sizes (np.unique).
# INPUT: P f64 [60, 60] range=0:1
# OUTPUT: labels
# OUTPUT: sizes
# JIT: components
import numpy as np


def components(adj):
    n = len(adj)
    labels = np.arange(n)
    changed = True
    while changed:
        nb = np.where(adj, labels[None, :], n)
        new = np.minimum(labels, nb.min(axis=1))
        changed = not np.array_equal(new, labels)
        labels = new
    _, sizes = np.unique(labels, return_counts=True)
    return labels, np.sort(sizes)[::-1]


def main():
    P: f64[n, n] = np.load("P.npy")
    adj = np.triu(P < 0.03, 1)
    adj = adj | adj.T
    labels, sizes = components(adj)
    np.save("labels.npy", labels)
    np.save("sizes.npy", sizes)
