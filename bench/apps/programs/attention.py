"""Multi-head causal self-attention: projections, heads split by reshape and
transpose, the np.triu mask filled with -inf, softmax, heads merged
(test/apps/ml_attention); f32."""
import types

import numpy as np


def softmax(x):
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)


def attention(x, Wqkv, Wo, n_head):
    T, C = x.shape
    hd = C // n_head
    qkv = x @ Wqkv
    q, k, v = np.split(qkv, 3, axis=-1)
    q = q.reshape(T, n_head, hd).transpose(1, 0, 2)
    k = k.reshape(T, n_head, hd).transpose(1, 0, 2)
    v = v.reshape(T, n_head, hd).transpose(1, 0, 2)
    att = q @ k.transpose(0, 2, 1) / np.sqrt(hd)
    mask = np.triu(np.ones((T, T), dtype=bool), k=1)
    att[:, mask] = -np.inf
    att = softmax(att)
    y = (att @ v).transpose(1, 0, 2).reshape(T, C)
    return y @ Wo


KERNEL = attention


def weights(rng, t, c, heads):
    f = np.float32
    return [rng.standard_normal((t, c), dtype=f), (rng.standard_normal((c, 3 * c)) / np.sqrt(c)).astype(f),
            (rng.standard_normal((c, c)) / np.sqrt(c)).astype(f), heads]


def inputs(rng):
    return weights(rng, 2048, 1024, 16)


def small_inputs(rng):
    return weights(rng, 16, 32, 4)


def jax_kernel(jnp, lax):
    sm = types.FunctionType(softmax.__code__, {**globals(), "np": jnp})

    def attention_jax(x, Wqkv, Wo, n_head):
        T, C = x.shape
        hd = C // n_head
        q, k, v = jnp.split(x @ Wqkv, 3, axis=-1)
        q = q.reshape(T, n_head, hd).transpose(1, 0, 2)
        k = k.reshape(T, n_head, hd).transpose(1, 0, 2)
        v = v.reshape(T, n_head, hd).transpose(1, 0, 2)
        att = q @ k.transpose(0, 2, 1) / jnp.sqrt(hd)
        att = jnp.where(jnp.triu(jnp.ones((T, T), dtype=bool), k=1), -jnp.inf, att)
        return (sm(att) @ v).transpose(1, 0, 2).reshape(T, C) @ Wo
    return attention_jax
