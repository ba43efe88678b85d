# RUN: %e2e %s
# Backward pass of an embedding lookup with repeated tokens: the gradient
# rows scatter-added with np.add.at (duplicates accumulate), the same with
# a one-hot matrix product, and per-token counts with np.bincount weights;
# then an SGD update of the table in place.
# INPUT: E f64 [30, 8]
# INPUT: tokens i64 [100] range=0:30
# INPUT: grad_out f64 [100, 8]
# OUTPUT: dE
# OUTPUT: dE_onehot
# OUTPUT: weight_sums
# OUTPUT: E_new
# JIT: embedding_backward sgd_update
import numpy as np


def embedding_backward(tokens, grad_out, vocab):
    dE = np.zeros((vocab, grad_out.shape[1]))
    np.add.at(dE, tokens, grad_out)
    onehot = (tokens[:, None] == np.arange(vocab)[None, :]).astype(grad_out.dtype)
    sums = np.bincount(tokens, weights=grad_out[:, 0], minlength=vocab)
    return dE, onehot.T @ grad_out, sums


def sgd_update(E, dE, lr=0.1):
    E -= lr * dE


def main():
    E: f64[v, d] = np.load("E.npy")
    tokens: i64[t] = np.load("tokens.npy")
    grad_out: f64[t, d] = np.load("grad_out.npy")
    dE, dE2, sums = embedding_backward(tokens, grad_out, E.shape[0])
    sgd_update(E, dE)
    np.save("dE.npy", dE)
    np.save("dE_onehot.npy", dE2)
    np.save("weight_sums.npy", sums)
    np.save("E_new.npy", E)
