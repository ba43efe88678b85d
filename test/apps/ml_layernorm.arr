# RUN: %e2e %s
# Layer normalisation forward and backward over the last axis, with gain and
# bias, as in a transformer block (f32 activations).
# INPUT: x f32 [32, 64]
# INPUT: gamma f32 [64]
# INPUT: beta f32 [64]
# INPUT: dy f32 [32, 64]
# OUTPUT: y 1e-5
# OUTPUT: dx 1e-4
# OUTPUT: dgamma 1e-5
# JIT: layernorm_forward layernorm_backward
import numpy as np

EPS = 1e-5


def layernorm_forward(x, gamma, beta, eps=EPS):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    rstd = 1.0 / np.sqrt(var + eps)
    xhat = (x - mean) * rstd
    return xhat * gamma + beta, xhat, rstd


def layernorm_backward(dy, xhat, rstd, gamma):
    dgamma = (dy * xhat).sum(axis=0)
    dxhat = dy * gamma
    dx = rstd * (dxhat - dxhat.mean(axis=-1, keepdims=True)
                 - xhat * (dxhat * xhat).mean(axis=-1, keepdims=True))
    return dx, dgamma


def main():
    x: f32[n, d] = np.load("x.npy")
    gamma: f32[d] = np.load("gamma.npy")
    beta: f32[d] = np.load("beta.npy")
    dy: f32[n, d] = np.load("dy.npy")
    y, xhat, rstd = layernorm_forward(x, gamma, beta)
    dx, dgamma = layernorm_backward(dy, xhat, rstd, gamma)
    np.save("y.npy", y)
    np.save("dx.npy", dx)
    np.save("dgamma.npy", dgamma)
