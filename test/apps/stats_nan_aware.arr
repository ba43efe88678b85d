# RUN: %e2e %s
# Sensor table with missing values (NaN): per-column nanmean/nanstd/nanmax,
# counts of valid entries, and missing values imputed by the column mean.
# INPUT: X f64 [120, 6] nan
# OUTPUT: stats
# OUTPUT: valid
# OUTPUT: filled
# JIT: describe impute
import numpy as np


def describe(X):
    return np.vstack([np.nanmean(X, axis=0), np.nanstd(X, axis=0),
                      np.nanmax(X, axis=0), np.nanmin(X, axis=0)])


def impute(X):
    col_mean = np.nanmean(X, axis=0)
    rows, cols = np.where(np.isnan(X))
    X[rows, cols] = np.take(col_mean, cols)
    return (~np.isnan(X)).sum(axis=0)


def main():
    X: f64[n, k] = np.load("X.npy")
    valid = (~np.isnan(X)).sum(axis=0)
    np.save("stats.npy", describe(X))
    impute(X)
    np.save("valid.npy", valid)
    np.save("filled.npy", X)
