# RUN: %e2e %s
# Historical value-at-risk and expected shortfall of a portfolio's P&L at 99%:
# sort the losses, take the quantile, average the tail (boolean mask).
# INPUT: R f64 [1000, 5]
# INPUT: w f64 [5] positive
# OUTPUT: var_es
# JIT: var_es
import numpy as np


def var_es(R, w, alpha=0.99):
    w = w / w.sum()
    pnl = R @ w
    losses = -pnl
    var = np.quantile(losses, alpha)
    es = losses[losses >= var].mean()
    losses.sort()
    k = int(np.ceil(alpha * len(losses)))
    return np.array([var, es, losses[k:].mean()])


def main():
    R: f64[t, k] = np.load("R.npy")
    w: f64[k] = np.load("w.npy")
    np.save("var_es.npy", var_es(0.01 * R, w))
