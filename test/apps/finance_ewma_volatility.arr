# RUN: %e2e %s
# RiskMetrics EWMA volatility of daily log returns (lambda 0.94), a rolling
# 20-day standard deviation by loop, and their ratio.
# INPUT: r f64 [500]
# OUTPUT: prices
# OUTPUT: ewma_vol
# OUTPUT: roll_vol
# JIT: ewma_vol rolling_std
import numpy as np

LAMBDA = 0.94


def ewma_vol(returns, lam=LAMBDA):
    var = np.empty_like(returns)
    var[0] = returns[0] ** 2
    for t in range(1, len(returns)):
        var[t] = lam * var[t - 1] + (1 - lam) * returns[t - 1] ** 2
    return np.sqrt(var)


def rolling_std(x, window=20):
    out = np.full(len(x), np.nan)
    for i in range(window - 1, len(x)):
        out[i] = np.std(x[i - window + 1:i + 1], ddof=1)
    return out


def main():
    r: f64[n] = np.load("r.npy")
    prices = 100 * np.exp(np.cumsum(0.01 * r))
    logret = np.diff(np.log(prices))
    np.save("prices.npy", prices)
    np.save("ewma_vol.npy", ewma_vol(logret))
    np.save("roll_vol.npy", rolling_std(logret))
