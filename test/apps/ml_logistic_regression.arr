# RUN: %e2e %s
# Logistic regression by batch gradient descent with L2 regularisation;
# labels from a known weight vector; accuracy at the end.
# INPUT: X f64 [200, 5]
# INPUT: w_true f64 [5]
# OUTPUT: w
# OUTPUT: loss
# OUTPUT: acc
# JIT: fit predict
import numpy as np


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def fit(X, y, lr=0.1, n_iter=100, lam=0.01):
    w = np.zeros(X.shape[1])
    losses = []
    for _ in range(n_iter):
        p = sigmoid(X @ w)
        grad = X.T @ (p - y) / len(y) + lam * w
        w -= lr * grad
        losses.append(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
    return w, np.array(losses)


def predict(X, w, threshold=0.5):
    return (sigmoid(X @ w) >= threshold).astype(int)


def main():
    X: f64[n, d] = np.load("X.npy")
    w_true: f64[d] = np.load("w_true.npy")
    y = (X @ w_true > 0).astype(float)
    w, loss = fit(X, y)
    acc = np.mean(predict(X, w) == y)
    np.save("w.npy", w)
    np.save("loss.npy", loss)
    np.save("acc.npy", acc)
