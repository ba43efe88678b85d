# RUN: %e2e %s
# Lloyd's k-means: the initial centres are the first k points; assign by
# squared distance (broadcast), recompute means with a boolean mask per cluster,
# stop when the assignment no longer changes.
# INPUT: X f64 [300, 2]
# OUTPUT: centers
# OUTPUT: labels
# OUTPUT: inertia
# JIT: kmeans
import numpy as np


def kmeans(X, k=4, max_iter=50):
    centers = X[:k].copy()
    labels = np.zeros(len(X), dtype=np.int64)
    for it in range(max_iter):
        d2 = ((X[:, None, :] - centers[None, :, :]) ** 2).sum(axis=2)
        new_labels = np.argmin(d2, axis=1)
        if it > 0 and np.array_equal(new_labels, labels):
            break
        labels = new_labels
        for j in range(k):
            members = X[labels == j]
            if len(members) > 0:
                centers[j] = members.mean(axis=0)
    inertia = np.sum((X - centers[labels]) ** 2)
    return centers, labels, inertia


def main():
    X: f64[n, 2] = np.load("X.npy")
    X[:150] += 3.0
    centers, labels, inertia = kmeans(X)
    np.save("centers.npy", centers)
    np.save("labels.npy", labels)
    np.save("inertia.npy", inertia)
