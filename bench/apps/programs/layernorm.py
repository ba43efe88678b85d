"""Layer normalisation forward over the last axis with gain and bias, as in a
transformer block; f32 (test/apps/ml_layernorm, layernorm_forward)."""
import numpy as np

EPS = 1e-5


def layernorm_forward(x, gamma, beta, eps=EPS):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    rstd = 1.0 / np.sqrt(var + eps)
    xhat = (x - mean) * rstd
    return xhat * gamma + beta, xhat, rstd


KERNEL = layernorm_forward


def acts(rng, n, d):
    f = np.float32
    return [rng.standard_normal((n, d), dtype=f), (1 + 0.1 * rng.standard_normal(d)).astype(f),
            (0.1 * rng.standard_normal(d)).astype(f)]


def inputs(rng):
    return acts(rng, 16384, 4096)


def small_inputs(rng):
    return acts(rng, 50, 64)
