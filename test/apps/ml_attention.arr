# RUN: %e2e %s
# Multi-head causal self-attention: project, split heads with reshape and
# transpose, masked softmax (np.triu mask filled with -inf), merge heads.
# INPUT: x f64 [16, 32]
# INPUT: Wqkv f64 [32, 96]
# INPUT: Wo f64 [32, 32]
# OUTPUT: out
# JIT: attention
import numpy as np

N_HEAD = 4


def softmax(x):
    x = x - x.max(axis=-1, keepdims=True)
    e = np.exp(x)
    return e / e.sum(axis=-1, keepdims=True)


def attention(x, Wqkv, Wo, n_head=N_HEAD):
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


def main():
    x: f64[t, c] = np.load("x.npy")
    Wqkv: f64[c, c3] = np.load("Wqkv.npy")
    Wo: f64[c, c] = np.load("Wo.npy")
    np.save("out.npy", attention(x, Wqkv / 6, Wo / 6))
