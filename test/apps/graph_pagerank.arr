# RUN: %e2e %s
# PageRank by power iteration on a directed graph: column-stochastic matrix
# with dangling nodes spread uniformly, damping 0.85, until the L1 change is
# small.
# INPUT: P f64 [50, 50] range=0:1
# OUTPUT: rank 1e-9
# JIT: pagerank
import numpy as np


def pagerank(A, d=0.85, tol=1e-12, max_iter=200):
    n = A.shape[0]
    out_deg = A.sum(axis=1)
    dangling = out_deg == 0
    M = np.divide(A.T, out_deg, out=np.zeros_like(A.T), where=~dangling)
    r = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        r_new = d * (M @ r + r[dangling].sum() / n) + (1 - d) / n
        if np.abs(r_new - r).sum() < tol:
            return r_new
        r = r_new
    return r


def main():
    P: f64[n, n] = np.load("P.npy")
    A = (P < 0.1).astype(float)
    np.save("rank.npy", pagerank(A))
