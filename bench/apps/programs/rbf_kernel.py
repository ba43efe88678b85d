"""An RBF kernel matrix from per-feature squared differences (np.subtract.outer)
summed with np.add.reduce (test/apps/ml_distance_outer, rbf_kernel)."""
import numpy as np


def rbf_kernel(X, gamma=0.5):
    sq = [np.subtract.outer(X[:, j], X[:, j]) ** 2 for j in range(X.shape[1])]
    return np.exp(-gamma * np.add.reduce(sq))


KERNEL = rbf_kernel


def inputs(rng):
    return [rng.random((2048, 16)), 0.5]


def small_inputs(rng):
    return [rng.random((40, 3)), 0.5]


def jax_kernel(jnp, lax):
    def rbf_kernel_jax(X, gamma):
        d2 = ((X[:, None, :] - X[None, :, :]) ** 2).sum(axis=-1)
        return jnp.exp(-gamma * d2)
    return rbf_kernel_jax


def torch_kernel(torch):
    """torch.compile does not trace np.subtract.outer (a ufunc method)."""
    def rbf_kernel_torch(X, gamma=0.5):
        sq = [(X[:, j, None] - X[None, :, j]) ** 2 for j in range(X.shape[1])]
        return torch.exp(-gamma * torch.stack(sq).sum(dim=0))
    return rbf_kernel_torch
