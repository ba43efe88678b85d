"""A three-layer MLP forward pass (ReLU, ReLU, then a softmax), f32."""
import numpy as np


def relu(x):
    return np.maximum(x, 0)


def mlp(X, W1, b1, W2, b2, W3, b3):
    h1 = relu(X @ W1 + b1)
    h2 = relu(h1 @ W2 + b2)
    logits = h2 @ W3 + b3
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


KERNEL = mlp


def layers(rng, sizes, batch):
    f = np.float32
    out = [rng.standard_normal((batch, sizes[0]), dtype=f)]
    for a, b in zip(sizes, sizes[1:]):
        out += [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(f), (0.1 * rng.standard_normal(b)).astype(f)]
    return out


def inputs(rng):
    return layers(rng, (1024, 2048, 2048, 512), 4096)


def small_inputs(rng):
    return layers(rng, (16, 32, 32, 8), 64)
