# RUN: %e2e %s
# All-pairs shortest paths by Floyd-Warshall: edge weights where an edge
# exists, inf elsewhere, the k loop vectorised with broadcasting (np.minimum).
# INPUT: W f64 [30, 30] range=1:10
# INPUT: P f64 [30, 30] range=0:1
# OUTPUT: D
# OUTPUT: reach
# JIT: floyd_warshall
import numpy as np


def floyd_warshall(W):
    D = W.copy()
    np.fill_diagonal(D, 0)
    n = len(D)
    for k in range(n):
        D = np.minimum(D, D[:, k, None] + D[None, k, :])
    return D


def main():
    W: f64[n, n] = np.load("W.npy")
    P: f64[n, n] = np.load("P.npy")
    G = np.where(P < 0.15, W, np.inf)
    D = floyd_warshall(G)
    np.save("D.npy", D)
    np.save("reach.npy", np.isfinite(D).sum(axis=1))
