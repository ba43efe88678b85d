# RUN: %e2e %s
# Token embedding lookup (rows gathered by token id), positional encodings
# (sin/cos on even/odd columns), and a GELU (tanh approximation) MLP.
# INPUT: E f64 [50, 16]
# INPUT: tokens i64 [12] range=0:50
# INPUT: W f64 [16, 16]
# OUTPUT: h
# JIT: embed_block
import numpy as np


def gelu(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def positional(T, d):
    pos = np.arange(T)[:, None]
    i = np.arange(d)[None, :]
    angle = pos / np.power(10000, (2 * (i // 2)) / d)
    pe = np.zeros((T, d))
    pe[:, 0::2] = np.sin(angle[:, 0::2])
    pe[:, 1::2] = np.cos(angle[:, 1::2])
    return pe


def embed_block(E, tokens, W):
    x = E[tokens] + positional(len(tokens), E.shape[1])
    return x + gelu(x @ W)


def main():
    E: f64[v, d] = np.load("E.npy")
    tokens: i64[t] = np.load("tokens.npy")
    W: f64[d, d] = np.load("W.npy")
    np.save("h.npy", embed_block(E, tokens, W / 4))
