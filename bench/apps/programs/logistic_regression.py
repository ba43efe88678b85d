"""Logistic regression by batch gradient descent with L2 regularisation, the loss
per iteration (test/apps/ml_logistic_regression, fit)."""
import types

import numpy as np


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def fit(X, y, lr=0.1, n_iter=100, lam=0.01):
    w = np.zeros(X.shape[1])
    losses = []
    for _ in range(n_iter):
        p = sigmoid(X @ w)
        grad = X.T @ (p - y) / len(y) + lam * w
        w -= lr * grad
        losses.append(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
    return w, np.array(losses)


KERNEL = fit
TOL = {"float64": 1e-7}


def data(rng, n, d, iters):
    X = rng.standard_normal((n, d))
    y = (X @ rng.standard_normal(d) > 0).astype(float)
    return [X, y, 0.1, iters]


def inputs(rng):
    return data(rng, 16384, 256, 50)


def small_inputs(rng):
    return data(rng, 100, 5, 10)


def jax_kernel(jnp, lax):
    sig = types.FunctionType(sigmoid.__code__, {**globals(), "np": jnp})

    def fit_jax(X, y, lr, n_iter, lam=0.01):
        def body(i, c):
            w, losses = c
            p = sig(X @ w)
            w = w - lr * (X.T @ (p - y) / len(y) + lam * w)
            return w, losses.at[i].set(
                -jnp.mean(y * jnp.log(p + 1e-12) + (1 - y) * jnp.log(1 - p + 1e-12)))
        return lax.fori_loop(0, n_iter, body, (jnp.zeros(X.shape[1]), jnp.zeros(n_iter)))
    return fit_jax


def torch_kernel(torch):
    """The NumPy source creates w on the host under torch.compile (systems.py)."""
    def fit_torch(X, y, lr=0.1, n_iter=100, lam=0.01):
        w = torch.zeros(X.shape[1], dtype=X.dtype, device=X.device)
        losses = []
        for _ in range(n_iter):
            p = torch.sigmoid(X @ w)
            grad = X.T @ (p - y) / len(y) + lam * w
            w -= lr * grad
            losses.append(-torch.mean(y * torch.log(p + 1e-12) + (1 - y) * torch.log(1 - p + 1e-12)))
        return w, torch.stack(losses)
    return fit_torch
