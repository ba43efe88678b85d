# RUN: %e2e %s
# Stationary distribution of a Markov chain: rows normalised into a
# stochastic matrix, the eigenvector of eigenvalue 1 of P^T from np.linalg.eig,
# compared with many steps of matrix_power.
# INPUT: W f64 [12, 12] positive
# OUTPUT: pi
# OUTPUT: pi_pow 1e-8
# JIT: stationary
import numpy as np


def stationary(W):
    P = W / W.sum(axis=1, keepdims=True)
    vals, vecs = np.linalg.eig(P.T)
    i = np.argmin(np.abs(vals - 1))
    pi = np.real(vecs[:, i])
    pi = pi / pi.sum()
    pi_pow = np.linalg.matrix_power(P, 64)[0]
    return pi, pi_pow


def main():
    W: f64[n, n] = np.load("W.npy")
    pi, pi_pow = stationary(W)
    np.save("pi.npy", pi)
    np.save("pi_pow.npy", pi_pow)
