# RUN: %e2e %s
# Cox-Ross-Rubinstein binomial tree for American puts: terminal payoffs, then
# backward induction with early exercise, one strike per run of the loop.
# INPUT: K f64 [20] range=80:120
# OUTPUT: prices
# JIT: american_put
import numpy as np


def american_put(S0, K, T, r, sigma, N=200):
    dt = T / N
    u = np.exp(sigma * np.sqrt(dt))
    d = 1 / u
    q = (np.exp(r * dt) - d) / (u - d)
    disc = np.exp(-r * dt)
    j = np.arange(N + 1)
    S = S0 * u ** j * d ** (N - j)
    V = np.maximum(K - S, 0.0)
    for i in range(N - 1, -1, -1):
        S = S0 * u ** np.arange(i + 1) * d ** (i - np.arange(i + 1))
        V = np.maximum(disc * (q * V[1:i + 2] + (1 - q) * V[0:i + 1]), K - S)
    return V[0]


def main():
    K: f64[n] = np.load("K.npy")
    prices = np.zeros(len(K))
    for i, k in enumerate(K):
        prices[i] = american_put(100.0, k, 1.0, 0.05, 0.3)
    np.save("prices.npy", prices)
