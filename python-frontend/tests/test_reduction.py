"""@arrayc.reduction on the cpu target (CI) or, with ARRAYC_PYTEST_TARGET=cuda,
on the GPU: binary combine functions with an identity folded over arrays,
against the same Python function folded in order (functools.reduce) on fresh
random data; called from Python and from @arrayc.jit (fused with the
producer of its argument); the arguments are unchanged after the call."""
from __future__ import annotations

import functools
import math
import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


def on_target(a):
    """`a` as the target's array: NumPy on cpu, CuPy on cuda."""
    if TARGET == "cuda":
        cupy = pytest.importorskip("cupy")
        return cupy.asarray(a)
    return a


def host(a):
    return np.asarray(arrayc.asnumpy(a))


@arrayc.reduction(identity=0.0, target=TARGET)
def absmax(a, b):
    return max(a, abs(b))


@arrayc.reduction(identity=-math.inf, target=TARGET)
def logaddexp(a, b):
    hi = max(a, b)
    if hi == -math.inf:
        return hi
    return hi + math.log(math.exp(a - hi) + math.exp(b - hi))


@arrayc.reduction(identity=1, target=TARGET)
def mulmod(a, b):
    return (a * b) % 1000003


def fold(fn, a, identity, axis=None):
    """The combine function folded in order, as a NumPy user would write it."""
    f = fn.__wrapped__
    if axis is None:
        return functools.reduce(f, a.ravel().tolist(), identity)
    return np.apply_along_axis(lambda v: functools.reduce(f, v.tolist(), identity), axis, a)


@arrayc.jit(target=TARGET)
def peak_of_product(x, y):
    return absmax(x * y)


@arrayc.jit(target=TARGET)
def row_lse(m):
    return logaddexp(m, axis=-1)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_all_elements(dtype):
    x = rng.standard_normal(10_000).astype(dtype)
    keep = x.copy()
    xt = on_target(x)
    out = absmax(xt)
    assert np.dtype(host(out).dtype) == np.dtype(dtype)
    assert float(host(out)) == float(np.max(np.abs(x)))
    assert np.array_equal(host(xt), keep)


def test_axis_keepdims():
    m = rng.standard_normal((33, 70))
    out = absmax(on_target(m), axis=0, keepdims=True)
    assert host(out).shape == (1, 70)
    assert np.array_equal(host(out), np.max(np.abs(m), axis=0, keepdims=True))
    out = logaddexp(on_target(m), axis=-1)
    ref = fold(logaddexp, m, -math.inf, axis=1)
    assert host(out).shape == (33,)
    assert np.allclose(host(out), ref, rtol=1e-12, atol=0)
    assert np.allclose(ref, np.logaddexp.reduce(m, axis=1), rtol=1e-12)


def test_integers():
    k = rng.integers(1, 10**6, 999)
    out = mulmod(on_target(k))
    assert np.dtype(host(out).dtype) == np.int64
    assert int(host(out)) == fold(mulmod, k, 1)


def test_empty_gives_identity():
    assert float(host(absmax(on_target(np.zeros(0))))) == 0.0
    assert float(host(logaddexp(on_target(np.zeros(0))))) == -math.inf
    rows = logaddexp(on_target(np.zeros((4, 0))), axis=1)
    assert np.array_equal(host(rows), np.full(4, -np.inf))


def test_called_from_jit_fuses():
    x = rng.standard_normal(5000)
    y = rng.standard_normal(5000)
    kx, ky = x.copy(), y.copy()
    xt, yt = on_target(x), on_target(y)
    out = peak_of_product(xt, yt)
    assert float(host(out)) == float(np.max(np.abs(x * y)))
    assert np.array_equal(host(xt), kx) and np.array_equal(host(yt), ky)
    m = rng.standard_normal((12, 40)) * 5
    assert np.allclose(host(row_lse(on_target(m))), np.logaddexp.reduce(m, axis=1),
                       rtol=1e-12, atol=0)


def test_cached():
    absmax(rng.standard_normal(10))
    n = len(absmax._compiled)
    absmax(rng.standard_normal(20))  # same dtype, rank and options: no compile
    assert len(absmax._compiled) == n
    absmax(rng.standard_normal((2, 3)), axis=1)
    assert len(absmax._compiled) == n + 1


def test_needs_identity_and_two_parameters():
    with pytest.raises(arrayc.CompileError, match="needs its identity"):
        arrayc.reduction(lambda a, b: a + b)

    def one(a):
        return a

    with pytest.raises(arrayc.CompileError, match="combines two values"):
        arrayc.reduction(one, identity=0.0)
