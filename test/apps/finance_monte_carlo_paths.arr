# RUN: %e2e %s
# Geometric Brownian motion paths from given standard normals, an Asian
# (average-price) call and a down-and-out barrier call priced by Monte Carlo.
# INPUT: Z f64 [2000, 50]
# OUTPUT: paths_end
# OUTPUT: prices
# JIT: gbm_paths price_options
import numpy as np


def gbm_paths(S0, mu, sigma, T, Z):
    n_paths, n_steps = Z.shape
    dt = T / n_steps
    increments = (mu - 0.5 * sigma**2) * dt + sigma * np.sqrt(dt) * Z
    log_paths = np.cumsum(increments, axis=1)
    return S0 * np.exp(np.hstack([np.zeros((n_paths, 1)), log_paths]))


def price_options(paths, K, barrier, r, T):
    disc = np.exp(-r * T)
    asian = disc * np.mean(np.maximum(paths[:, 1:].mean(axis=1) - K, 0))
    alive = np.all(paths > barrier, axis=1)
    payoff = np.maximum(paths[:, -1] - K, 0)
    payoff[~alive] = 0.0
    return np.array([asian, disc * payoff.mean(), alive.mean()])


def main():
    Z: f64[p, s] = np.load("Z.npy")
    paths = gbm_paths(100.0, 0.05, 0.2, 1.0, Z)
    np.save("paths_end.npy", paths[:, -1])
    np.save("prices.npy", price_options(paths, 100.0, 80.0, 0.05, 1.0))
