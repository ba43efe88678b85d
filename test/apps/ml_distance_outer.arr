# RUN: %e2e %s
# RBF kernel matrix and kernel ridge regression: pairwise squared distances
# per feature with np.subtract.outer, summed with np.add.reduce; the ridge
# system solved; leave-one-out residuals from the hat matrix's diagonal.
# INPUT: X f64 [60, 3]
# INPUT: y f64 [60]
# OUTPUT: K
# OUTPUT: alpha 1e-9
# OUTPUT: loo 1e-9
# JIT: rbf_kernel kernel_ridge
import numpy as np


def rbf_kernel(X, gamma=0.5):
    sq = [np.subtract.outer(X[:, j], X[:, j]) ** 2 for j in range(X.shape[1])]
    return np.exp(-gamma * np.add.reduce(sq))


def kernel_ridge(K, y, lam=0.1):
    n = len(y)
    alpha = np.linalg.solve(K + lam * np.eye(n), y)
    H = K @ np.linalg.inv(K + lam * np.eye(n))
    loo = (y - H @ y) / (1 - np.diag(H))
    return alpha, loo


def main():
    X: f64[n, d] = np.load("X.npy")
    y: f64[n] = np.load("y.npy")
    K = rbf_kernel(X)
    alpha, loo = kernel_ridge(K, np.sin(X[:, 0]) + 0.1 * y)
    np.save("K.npy", K)
    np.save("alpha.npy", alpha)
    np.save("loo.npy", loo)
