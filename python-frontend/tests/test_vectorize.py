"""@arrayc.vectorize on the cpu target (CI) or, with ARRAYC_PYTEST_TARGET=cuda,
on the GPU: scalar functions with branches and loops as ufuncs, against
np.vectorize on fresh random data; called from Python and from @arrayc.jit."""
from __future__ import annotations

import math
import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


def rel_err(out, ref):
    out = np.asarray(arrayc.asnumpy(out), dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    return np.linalg.norm(out - ref) / max(np.linalg.norm(ref), 1e-300)


def on_target(a):
    """`a` as the target's array: NumPy on cpu, CuPy on cuda."""
    if TARGET == "cuda":
        cupy = pytest.importorskip("cupy")
        return cupy.asarray(a)
    return a


@arrayc.vectorize(target=TARGET)
def smooth_relu(v, beta):
    if v > 20.0 / beta:
        return v
    elif v < -20.0 / beta:
        return 0.0 * v
    return math.log1p(math.exp(beta * v)) / beta


@arrayc.vectorize(target=TARGET)
def newton_sqrt(a):
    g = a * 0.5 + 1.0
    it = 0
    while abs(g * g - a) > 1e-9 * a and it < 60:
        g = 0.5 * (g + a / g)
        it += 1
    return g


@arrayc.vectorize(target=TARGET)
def horner(t, n):
    acc = 0.0
    for i in range(n):
        acc = acc * t + (i + 1)
    return acc


@arrayc.vectorize(target=TARGET)
def digits(m):
    count = 0
    while m > 0:
        m = m // 10
        count += 1
    return count


@arrayc.vectorize(target=TARGET)
def minmax(u, w):
    return min(u, w), max(u, w)


def reference(vf):
    """np.vectorize of the Python function under `vf`."""
    return np.vectorize(vf.__wrapped__)


@arrayc.vectorize(target=TARGET)
def clamp32(v: f32, lo: f32, hi: f32) -> f32:
    if v < lo:
        v = lo
    if v > hi:
        v = hi
    return v


@arrayc.jit(target=TARGET)
def softplus_norm(x, beta):
    y = smooth_relu(x, beta)
    return y / np.sum(y)


@arrayc.jit(target=TARGET)
def poly_rows(t, n):
    return horner(t, n) + np.mean(t, axis=1, keepdims=True)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_branches_broadcast(dtype):
    x = rng.standard_normal((37, 5)).astype(dtype) * 10
    beta = rng.uniform(0.5, 2.0, (1, 5)).astype(dtype)
    out = smooth_relu(on_target(x), on_target(beta))
    ref = reference(smooth_relu)(x.astype(np.float64), beta.astype(np.float64))
    assert np.dtype(out.dtype) == np.dtype(dtype)
    assert out.shape == (37, 5)
    assert rel_err(out, ref) < (1e-5 if dtype == np.float32 else 1e-12)


def test_while_loop():
    a = rng.uniform(0.1, 1000.0, 1000)
    out = newton_sqrt(on_target(a))
    assert rel_err(out, reference(newton_sqrt)(a)) < 1e-12


def test_for_loop_int_argument():
    t = rng.uniform(-1, 1, (8, 9))
    n = rng.integers(0, 7, (8, 1))
    out = horner(on_target(t), on_target(n))
    assert np.dtype(out.dtype) == np.float64
    assert rel_err(out, reference(horner)(t, n)) < 1e-12


def test_integers():
    m = rng.integers(0, 10**12, 500)
    out = digits(on_target(m))
    ref = reference(digits)(m)
    assert np.dtype(out.dtype) == np.int64
    assert np.array_equal(arrayc.asnumpy(out), ref)


def test_two_results():
    u = rng.standard_normal(50)
    w = rng.standard_normal((3, 50))
    lo, hi = minmax(on_target(u), on_target(w))
    rlo, rhi = reference(minmax)(u, w)
    assert np.array_equal(arrayc.asnumpy(lo), rlo)
    assert np.array_equal(arrayc.asnumpy(hi), rhi)


def test_annotated_signature_casts():
    v = rng.standard_normal(64)  # f64 in, cast to f32 by the annotations
    out = clamp32(on_target(v), -0.5, 0.5)
    assert np.dtype(out.dtype) == np.float32
    assert rel_err(out, np.clip(v, -0.5, 0.5)) < 1e-6


def test_called_from_jit_fuses():
    x = rng.standard_normal(1000)
    out = softplus_norm(on_target(x), 1.5)
    y = reference(smooth_relu)(x, 1.5)
    assert rel_err(out, y / y.sum()) < 1e-12
    t = rng.uniform(-1, 1, (6, 7))
    out = poly_rows(on_target(t), 4)
    ref = reference(horner)(t, 4) + t.mean(axis=1, keepdims=True)
    assert rel_err(out, ref) < 1e-12


def test_cached():
    x = rng.standard_normal(10)
    smooth_relu(x, 1.0)
    n = len(smooth_relu._compiled)
    smooth_relu(rng.standard_normal(20), 2.0)  # same dtypes and ranks: no compile
    assert len(smooth_relu._compiled) == n


def test_not_scalar_code_is_a_located_error():
    def head(v):
        return v[0]

    with pytest.raises(arrayc.CompileError, match=r"test_vectorize.py:%d:.*cannot be "
                       "indexed" % (head.__code__.co_firstlineno + 1)):
        arrayc.vectorize(head, target=TARGET)(np.ones(3))


def test_signature_list_rejected():
    with pytest.raises(arrayc.CompileError, match="annotations"):
        arrayc.vectorize(["f32(f32)"])
