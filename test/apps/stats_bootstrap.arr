# RUN: %e2e %s
# Bootstrap of the mean and median: resamples given as an index matrix (one
# row per replicate), statistics per replicate, and a percentile interval.
# INPUT: x f64 [100]
# INPUT: idx i64 [200, 100] range=0:100
# OUTPUT: means
# OUTPUT: medians
# OUTPUT: ci
# JIT: bootstrap
import numpy as np


def bootstrap(x, idx):
    samples = x[idx]
    means = samples.mean(axis=1)
    medians = np.median(samples, axis=1)
    ci = np.percentile(means, [2.5, 97.5])
    return means, medians, ci


def main():
    x: f64[n] = np.load("x.npy")
    idx: i64[b, n] = np.load("idx.npy")
    means, medians, ci = bootstrap(x, idx)
    np.save("means.npy", means)
    np.save("medians.npy", medians)
    np.save("ci.npy", ci)
