# RUN: %e2e %s
# A two-layer MLP (ReLU hidden layer, MSE loss) trained for a few steps of
# full-batch gradient descent; the weights are updated in place.
# INPUT: X f64 [64, 8]
# INPUT: y f64 [64, 1]
# INPUT: W1 f64 [8, 16]
# INPUT: W2 f64 [16, 1]
# OUTPUT: W1_out
# OUTPUT: W2_out
# OUTPUT: losses 1e-10
# JIT: train
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


def main():
    X: f64[n, d] = np.load("X.npy")
    y: f64[n, 1] = np.load("y.npy")
    W1: f64[d, h] = np.load("W1.npy")
    W2: f64[h, 1] = np.load("W2.npy")
    losses = train(X, y, W1, W2)
    np.save("W1_out.npy", W1)
    np.save("W2_out.npy", W2)
    np.save("losses.npy", losses)
