"""Pairwise Euclidean distances between two point sets through the expansion
|x|^2 + |y|^2 - 2 x.y (one matrix product), clipped at zero; f32."""
import numpy as np


def pairwise_distances(X, Y):
    sx = np.sum(X * X, axis=1)
    sy = np.sum(Y * Y, axis=1)
    d2 = sx[:, None] + sy[None, :] - 2 * X @ Y.T
    return np.sqrt(np.maximum(d2, 0))


KERNEL = pairwise_distances
TOL = {"float32": 1e-3}  # cancellation in |x|^2 + |y|^2 - 2 x.y


def inputs(rng):
    return [rng.random((8192, 256), dtype=np.float32), rng.random((8192, 256), dtype=np.float32)]


def small_inputs(rng):
    return [rng.random((60, 8), dtype=np.float32), rng.random((50, 8), dtype=np.float32)]
