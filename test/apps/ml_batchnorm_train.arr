# RUN: %e2e %s
# Batch normalisation in training mode with running statistics updated in
# place (momentum), as a framework layer does it.
# INPUT: x f64 [32, 16]
# INPUT: running_mean f64 [16]
# INPUT: running_var f64 [16] positive
# OUTPUT: y
# OUTPUT: rm
# OUTPUT: rv
# JIT: batchnorm
import numpy as np


def batchnorm(x, running_mean, running_var, momentum=0.1, eps=1e-5):
    mu = x.mean(axis=0)
    var = x.var(axis=0)
    n = x.shape[0]
    running_mean *= 1 - momentum
    running_mean += momentum * mu
    running_var[:] = (1 - momentum) * running_var + momentum * var * n / (n - 1)
    return (x - mu) / np.sqrt(var + eps)


def main():
    x: f64[n, d] = np.load("x.npy")
    rm: f64[d] = np.load("running_mean.npy")
    rv: f64[d] = np.load("running_var.npy")
    for step in range(3):
        y = batchnorm(x * (step + 1), rm, rv)
    np.save("y.npy", y)
    np.save("rm.npy", rm)
    np.save("rv.npy", rv)
