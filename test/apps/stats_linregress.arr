# RUN: %e2e %s
# Simple linear regression with the textbook statistics: slope, intercept,
# r, standard error of the slope, and the t statistic.
# INPUT: x f64 [90]
# INPUT: e f64 [90]
# OUTPUT: result
# JIT: linregress
import numpy as np


def linregress(x, y):
    n = len(x)
    xm, ym = x.mean(), y.mean()
    sxx = ((x - xm) ** 2).sum()
    sxy = ((x - xm) * (y - ym)).sum()
    slope = sxy / sxx
    intercept = ym - slope * xm
    resid = y - (intercept + slope * x)
    r = sxy / np.sqrt(sxx * ((y - ym) ** 2).sum())
    se = np.sqrt((resid ** 2).sum() / (n - 2) / sxx)
    return np.array([slope, intercept, r, se, slope / se])


def main():
    x: f64[n] = np.load("x.npy")
    e: f64[n] = np.load("e.npy")
    np.save("result.npy", linregress(x, 2.5 * x - 1.0 + e))
