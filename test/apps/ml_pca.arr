# RUN: %e2e %s
# PCA by the SVD of the centred data and by the eigendecomposition of the
# covariance (np.linalg.eigh, eigenvalues sorted descending with argsort);
# explained variance ratio and the projected scores (signs fixed).
# INPUT: X f64 [100, 6]
# OUTPUT: ratio
# OUTPUT: ratio_eig
# OUTPUT: scores 1e-9
# JIT: pca_svd pca_eig
import numpy as np


def fix_signs(V):
    s = np.sign(V[np.argmax(np.abs(V), axis=0), np.arange(V.shape[1])])
    return V * s


def pca_svd(X, n_components=3):
    Xc = X - X.mean(axis=0)
    U, S, Vt = np.linalg.svd(Xc, full_matrices=False)
    var = S**2 / (len(X) - 1)
    comps = fix_signs(Vt[:n_components].T)
    return var[:n_components] / var.sum(), Xc @ comps


def pca_eig(X, n_components=3):
    C = np.cov(X, rowvar=False)
    vals, vecs = np.linalg.eigh(C)
    order = np.argsort(vals)[::-1]
    vals = vals[order]
    return vals[:n_components] / vals.sum()


def main():
    X: f64[n, d] = np.load("X.npy")
    X[:, 1] += 2 * X[:, 0]
    ratio, scores = pca_svd(X)
    np.save("ratio.npy", ratio)
    np.save("ratio_eig.npy", pca_eig(X))
    np.save("scores.npy", scores)
