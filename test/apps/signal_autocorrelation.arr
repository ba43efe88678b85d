# RUN: %e2e %s
# Autocorrelation of an AR(1) series generated from given innovations: by
# np.correlate ('full', keep non-negative lags), normalised by lag 0.
# INPUT: eps f64 [400]
# OUTPUT: series
# OUTPUT: acf
# JIT: ar1 acf
import numpy as np


def ar1(eps, phi):
    x = np.empty_like(eps)
    x[0] = eps[0]
    for t in range(1, len(eps)):
        x[t] = phi * x[t - 1] + eps[t]
    return x


def acf(x, nlags=20):
    x = x - x.mean()
    r = np.correlate(x, x, mode='full')[len(x) - 1:]
    return r[:nlags + 1] / r[0]


def main():
    eps: f64[n] = np.load("eps.npy")
    series = ar1(eps, 0.8)
    np.save("series.npy", series)
    np.save("acf.npy", acf(series))
