# RUN: %e2e %s
# Adam optimiser minimising a least-squares loss; parameters and the moment
# estimates are updated in place, bias correction per step.
# INPUT: A f64 [50, 10]
# INPUT: b f64 [50]
# INPUT: theta f64 [10]
# OUTPUT: theta_out
# OUTPUT: m_out
# OUTPUT: losses
# JIT: adam_step optimize
import numpy as np


def adam_step(theta, grad, m, v, t, lr=0.05, beta1=0.9, beta2=0.999, eps=1e-8):
    m[:] = beta1 * m + (1 - beta1) * grad
    v[:] = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    theta -= lr * m_hat / (np.sqrt(v_hat) + eps)


def optimize(A, b, theta, steps):
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    losses = np.empty(steps)
    for t in range(1, steps + 1):
        r = A @ theta - b
        losses[t - 1] = 0.5 * r @ r
        adam_step(theta, A.T @ r, m, v, t)
    return m, losses


def main():
    A: f64[n, d] = np.load("A.npy")
    b: f64[n] = np.load("b.npy")
    theta: f64[d] = np.load("theta.npy")
    m, losses = optimize(A, b, theta, 40)
    np.save("theta_out.npy", theta)
    np.save("m_out.npy", m)
    np.save("losses.npy", losses)
