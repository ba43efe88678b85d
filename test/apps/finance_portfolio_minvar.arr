# RUN: %e2e %s
# Minimum-variance and tangency portfolios from a return history: sample
# covariance, inverse via np.linalg.inv, weights normalised; Sharpe ratios.
# INPUT: R f64 [250, 8]
# OUTPUT: w_minvar
# OUTPUT: w_tan
# OUTPUT: sharpe
# JIT: portfolios
import numpy as np


def portfolios(R, rf=0.0001):
    mu = R.mean(axis=0)
    Sigma = np.cov(R, rowvar=False)
    Sinv = np.linalg.inv(Sigma)
    ones = np.ones(len(mu))
    w_mv = Sinv @ ones / (ones @ Sinv @ ones)
    w_t = Sinv @ (mu - rf)
    w_t /= w_t.sum()
    sharpe = [(w @ mu - rf) / np.sqrt(w @ Sigma @ w) for w in (w_mv, w_t)]
    return w_mv, w_t, np.array(sharpe)


def main():
    R: f64[t, k] = np.load("R.npy")
    w_mv, w_t, sharpe = portfolios(0.0005 + 0.01 * R)
    np.save("w_minvar.npy", w_mv)
    np.save("w_tan.npy", w_t)
    np.save("sharpe.npy", sharpe)
