"""A two-layer MLP trained by full-batch gradient descent, weights updated in place
(test/apps/ml_mlp_backprop)."""
import numpy as np


def relu(x):
    return np.maximum(x, 0)


def forward(X, W1, b1, W2, b2):
    h = relu(X @ W1 + b1)
    return h, h @ W2 + b2


def train(X, y, W1, W2, lr=0.01, epochs=25):
    b1 = np.zeros(W1.shape[1])
    b2 = np.zeros(W2.shape[1])
    losses = np.zeros(epochs)
    for e in range(epochs):
        h, out = forward(X, W1, b1, W2, b2)
        err = out - y
        losses[e] = np.mean(err ** 2)
        dout = 2 * err / len(X)
        dW2 = h.T @ dout
        db2 = dout.sum(axis=0)
        dh = dout @ W2.T
        dh[h <= 0] = 0
        dW1 = X.T @ dh
        db1 = dh.sum(axis=0)
        W1 -= lr * dW1
        b1 -= lr * db1
        W2 -= lr * dW2
        b2 -= lr * db2
    return losses


KERNEL = train
WRITES = (2, 3)
TOL = {"float64": 1e-7}


def data(rng, n, d, h):
    return [rng.standard_normal((n, d)), rng.standard_normal((n, 1)),
            rng.standard_normal((d, h)) / np.sqrt(d), rng.standard_normal((h, 1)) / np.sqrt(h), 0.01, 25]


def inputs(rng):
    return data(rng, 4096, 256, 512)


def small_inputs(rng):
    return data(rng, 64, 8, 16)


def jax_kernel(jnp, lax):
    def fwd(X, W1, b1, W2, b2):
        h = jnp.maximum(X @ W1 + b1, 0)
        return h, h @ W2 + b2

    def train_jax(X, y, W1, W2, lr, epochs):
        def body(e, c):
            W1, b1, W2, b2, losses = c
            h, out = fwd(X, W1, b1, W2, b2)
            err = out - y
            losses = losses.at[e].set(jnp.mean(err ** 2))
            dout = 2 * err / len(X)
            dh = jnp.where(h <= 0, 0, dout @ W2.T)
            return (W1 - lr * (X.T @ dh), b1 - lr * dh.sum(axis=0),
                    W2 - lr * (h.T @ dout), b2 - lr * dout.sum(axis=0), losses)
        c0 = (W1, jnp.zeros(W1.shape[1]), W2, jnp.zeros(W2.shape[1]), jnp.zeros(epochs))
        W1, _, W2, _, losses = lax.fori_loop(0, epochs, body, c0)
        return losses, W1, W2
    return train_jax


def torch_kernel(torch):
    """The NumPy source creates b1, b2 and losses on the host under torch.compile
    (systems.py)."""
    def train_torch(X, y, W1, W2, lr=0.01, epochs=25):
        b1 = torch.zeros(W1.shape[1], dtype=W1.dtype, device=W1.device)
        b2 = torch.zeros(W2.shape[1], dtype=W2.dtype, device=W2.device)
        losses = torch.zeros(epochs, dtype=X.dtype, device=X.device)
        for e in range(epochs):
            h = torch.relu(X @ W1 + b1)
            out = h @ W2 + b2
            err = out - y
            losses[e] = torch.mean(err ** 2)
            dout = 2 * err / len(X)
            dW2 = h.T @ dout
            db2 = dout.sum(dim=0)
            dh = (dout @ W2.T).masked_fill(h <= 0, 0)
            dW1 = X.T @ dh
            db1 = dh.sum(dim=0)
            W1 -= lr * dW1
            b1 -= lr * db1
            W2 -= lr * dW2
            b2 -= lr * db2
        return losses
    return train_torch
