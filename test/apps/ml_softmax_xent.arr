# RUN: %e2e %s
# Numerically stable softmax over rows, cross-entropy against integer labels
# (picked with fancy indexing), and the gradient with respect to the logits.
# INPUT: logits f64 [64, 10]
# INPUT: labels i64 [64] range=0:10
# OUTPUT: probs
# OUTPUT: loss
# OUTPUT: dlogits
# JIT: softmax cross_entropy
import numpy as np


def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)


def cross_entropy(logits, labels):
    n = logits.shape[0]
    p = softmax(logits)
    loss = -np.mean(np.log(p[np.arange(n), labels]))
    d = p.copy()
    d[np.arange(n), labels] -= 1
    return loss, d / n


def main():
    logits: f64[n, c] = np.load("logits.npy")
    labels: i64[n] = np.load("labels.npy")
    loss, d = cross_entropy(logits, labels)
    np.save("probs.npy", softmax(logits))
    np.save("loss.npy", loss)
    np.save("dlogits.npy", d)
