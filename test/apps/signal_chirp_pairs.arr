# RUN: %e2e %s
# XFAIL: *
# NEEDS: py-max-min, default-args, zip, python-lists, np.array(list), methods (.mean()), loop-scoped-vars (best, best_at first assigned in the loop)
# NEEDS-ARR: untyped-defs (unannotated kernel parameters), np.roll
# NEEDS-JIT: jit-helpers
# Pairs of channels processed together with zip: the cross-power of each
# pair, the lag of the cross-correlation peak found in a loop (the best lag
# and value first assigned inside the loop and used after it), and the
# mean of each channel subtracted first.
# INPUT: X f64 [4, 128]
# INPUT: Y f64 [4, 128]
# OUTPUT: power
# OUTPUT: lags
# JIT: pair_stats
import numpy as np


def best_lag(x, y, max_lag):
    for lag in range(-max_lag, max_lag + 1):
        c = np.sum(x[max(0, lag):len(x) + min(0, lag)] * y[max(0, -lag):len(y) + min(0, -lag)])
        if lag == -max_lag or c > best:
            best = c
            best_at = lag
    return best_at


def pair_stats(X, Y, max_lag=10):
    power = []
    lags = []
    for x, y in zip(X, Y):
        x = x - x.mean()
        y = y - y.mean()
        power.append(np.dot(x, y) / len(x))
        lags.append(best_lag(x, y, max_lag))
    return np.array(power), np.array(lags)


def main():
    X: f64[c, n] = np.load("X.npy")
    Y: f64[c, n] = np.load("Y.npy")
    Y = 0.5 * Y + np.roll(X, 3, axis=1)
    power, lags = pair_stats(X, Y)
    np.save("power.npy", power)
    np.save("lags.npy", lags)
