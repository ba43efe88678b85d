# RUN: %e2e %s
# Column-wise z-scores of a data table, outliers flagged where |z| > 2, and
# the outlier-free column means computed with a masked mean.
# INPUT: X f64 [200, 5]
# OUTPUT: Z
# OUTPUT: n_out
# OUTPUT: clean_means
# JIT: zscore clean_means
import numpy as np


def zscore(X, ddof=0):
    mu = X.mean(axis=0)
    sd = X.std(axis=0, ddof=ddof)
    return (X - mu) / sd


def clean_means(X, Z, thresh=2.0):
    keep = np.abs(Z) <= thresh
    return np.sum(np.where(keep, X, 0), axis=0) / np.sum(keep, axis=0)


def main():
    X: f64[n, k] = np.load("X.npy")
    Z = zscore(X, ddof=1)
    np.save("Z.npy", Z)
    np.save("n_out.npy", np.sum(np.abs(Z) > 2))
    np.save("clean_means.npy", clean_means(X, Z))
