"""Python lists, comprehensions, conditional expressions, `with
np.errstate` and loops over tuple displays under @arrayc.jit, against the
same functions run by NumPy."""
from __future__ import annotations

import os

import numpy as np

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


def close(out, ref, tol=1e-12):
    out = np.asarray(arrayc.asnumpy(out))
    ref = np.asarray(ref)
    assert out.dtype == ref.dtype
    assert out.shape == ref.shape
    out, ref = out.astype(np.float64), ref.astype(np.float64)
    assert np.linalg.norm(out - ref) <= tol * max(np.linalg.norm(ref), 1e-300)


def losses_log(X, y, n_iter):
    w = np.zeros(X.shape[1])
    losses = []
    for _ in range(n_iter):
        p = 1 / (1 + np.exp(-(X @ w)))
        w -= 0.1 * X.T @ (p - y) / len(y)
        losses.append(-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)))
    return w, np.array(losses)


def comprehensions(x, A):
    sq = np.array([v * v for v in x if v > 0])
    cols = np.stack([A[:, j] * j for j in range(A.shape[1])])
    tot = sum(x[k] * 2.0 for k in range(len(x) // 2))
    near = sum(np.roll(A, s, axis=1) for s in (-1, 0, 1))
    return sq, cols, tot, near


def branches(x, n):
    out = np.zeros(x.shape[0])
    for i in range(x.shape[0]):
        out[i] = x[i] * 2 if x[i] > 0 else -x[i]
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(x > 0, 1.0 / np.maximum(x, 0.0), 0.0)
    acc = 0.0
    for i, (a, b) in enumerate(zip(x, x[::-1])):
        acc += i * a * b
    for d in (1, -1):
        out += np.roll(x, d)
    return out, r, acc + (n if n > 3 else 0)


def test_append_in_loop():
    X = rng.standard_normal((40, 3))
    y = (X @ np.array([1.0, -2.0, 0.5]) > 0).astype(float)
    f = arrayc.jit(losses_log, target=TARGET)
    w, losses = f(X, y, 25)
    rw, rl = losses_log(X, y, 25)
    close(w, rw)
    close(losses, rl)


def test_comprehensions():
    x, A = rng.standard_normal(31), rng.standard_normal((5, 4))
    f = arrayc.jit(comprehensions, target=TARGET)
    for out, ref in zip(f(x, A), comprehensions(x, A)):
        close(out, ref)


def test_conditional_with_errstate_unrolled():
    x = rng.standard_normal(17)
    f = arrayc.jit(branches, target=TARGET)
    for n in (2, 7):
        for out, ref in zip(f(x, n), branches(x, n)):
            close(out, ref)
