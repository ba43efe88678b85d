# RUN: %e2e %s
# Sample covariance by hand (centred X^T X / (n-1)), against np.cov (rows as
# variables after a transpose) and the correlation matrix np.corrcoef.
# INPUT: X f64 [150, 6]
# OUTPUT: C
# OUTPUT: C_np
# OUTPUT: R
# JIT: covariance cov_np
import numpy as np


def covariance(X):
    Xc = X - X.mean(axis=0)
    return Xc.T @ Xc / (X.shape[0] - 1)


def cov_np(X):
    return np.cov(X.T), np.corrcoef(X, rowvar=False)


def main():
    X: f64[n, k] = np.load("X.npy")
    C_np, R = cov_np(X)
    np.save("C.npy", covariance(X))
    np.save("C_np.npy", C_np)
    np.save("R.npy", R)
