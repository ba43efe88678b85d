# RUN: %e2e %s
# k-nearest-neighbour classification: all pairwise distances with the
# ||a||^2 - 2ab + ||b||^2 trick, k smallest by argsort, majority vote with
# np.bincount and argmax.
# INPUT: Xtr f64 [120, 4]
# INPUT: ytr i64 [120] range=0:3
# INPUT: Xte f64 [30, 4]
# OUTPUT: pred
# OUTPUT: dists
# JIT: pairwise_dist knn_predict
import numpy as np


def pairwise_dist(A, B):
    d2 = np.sum(A**2, axis=1)[:, None] - 2 * A @ B.T + np.sum(B**2, axis=1)[None, :]
    return np.sqrt(np.maximum(d2, 0))


def knn_predict(Xtr, ytr, Xte, k=5):
    D = pairwise_dist(Xte, Xtr)
    pred = np.zeros(len(Xte), dtype=ytr.dtype)
    for i in range(len(Xte)):
        nearest = np.argsort(D[i])[:k]
        pred[i] = np.argmax(np.bincount(ytr[nearest], minlength=3))
    return pred


def main():
    Xtr: f64[n, d] = np.load("Xtr.npy")
    ytr: i64[n] = np.load("ytr.npy")
    Xte: f64[m, d] = np.load("Xte.npy")
    np.save("pred.npy", knn_predict(Xtr, ytr, Xte))
    np.save("dists.npy", pairwise_dist(Xte, Xtr))
