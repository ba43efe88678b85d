"""Python as people write it under @arrayc.jit: helpers of the same module
(typed per call), module-level constants, keyword arguments and defaults,
one-line functions, `;`, chained assignment, loops over arrays, enumerate
and zip; results and written arguments against NumPy."""
from __future__ import annotations

import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()

SCALE = 2.5
OFFSETS = (1.0, -0.5)
LIMIT = 3


def close(out, ref, tol=1e-12):
    out = np.asarray(arrayc.asnumpy(out), dtype=np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    assert out.shape == ref.shape
    assert np.linalg.norm(out - ref) <= tol * max(np.linalg.norm(ref), 1e-300)


def relu(v):
    return np.maximum(v, 0.0)


def scaled(v, s=SCALE):
    return v * s + OFFSETS[0]


def twice(v): return 2 * v


@arrayc.jit(target=TARGET)
def uses_helpers(x, y):
    return relu(x) + scaled(y) + scaled(x, s=0.5) + twice(relu(y))


def test_helpers_typed_per_call():
    for dt in (np.float64, np.float32):
        x, y = rng.standard_normal(50).astype(dt), rng.standard_normal(50).astype(dt)
        ref = np.maximum(x, 0) + (y * SCALE + 1.0) + (x * 0.5 + 1.0) + 2 * np.maximum(y, 0)
        out = uses_helpers(x, y)
        assert arrayc.asnumpy(out).dtype == ref.dtype
        close(out, ref, 1e-12 if dt == np.float64 else 1e-6)


@arrayc.jit(target=TARGET)
def helper_on_matrix_and_vector(A, v):
    return relu(A) + relu(v)


def test_helper_two_ranks():
    A, v = rng.standard_normal((4, 7)), rng.standard_normal(7)
    close(helper_on_matrix_and_vector(A, v), np.maximum(A, 0) + np.maximum(v, 0))


@arrayc.jit(target=TARGET)
def with_defaults(x, scale=2.0, shift=0.0):
    return x * scale + shift


def test_keywords_and_defaults():
    x = rng.standard_normal(20)
    close(with_defaults(x), x * 2.0)
    close(with_defaults(x, shift=1.5), x * 2.0 + 1.5)
    close(with_defaults(x, 3.0, shift=-1.0), x * 3.0 - 1.0)
    close(with_defaults(shift=0.25, x=x), x * 2.0 + 0.25)
    with pytest.raises(arrayc.ArgumentError, match="unexpected keyword"):
        with_defaults(x, sclae=1.0)
    with pytest.raises(arrayc.ArgumentError, match="missing"):
        with_defaults(shift=1.0)


@arrayc.jit(target=TARGET)
def one_liner(x): return x * LIMIT + SCALE


def test_one_line_function_and_constants():
    x = rng.standard_normal(9)
    close(one_liner(x), x * LIMIT + SCALE)


@arrayc.jit(target=TARGET)
def loops(x, A):
    total = 0.0
    for v in x:
        total += v
    w = np.zeros(x.shape[0])
    for i, v in enumerate(x):
        w[i] = v * i
    d = 0.0
    for p, q in zip(x, A[0]):
        d += p * q
    for row in A:
        row[:] = row + 1.0
    a = b = np.zeros(3); a += 1.0; b[0] = 4.0
    return total, w, d, a, b.sum()


def test_loops_and_statements():
    x, A = rng.standard_normal(11), rng.standard_normal((3, 8))
    A0 = A.copy()
    total, w, d, a, b = loops(x, A)
    close(total, x.sum())
    close(w, x * np.arange(11))
    close(d, np.dot(x[:8], A0[0]))
    close(A, A0 + 1.0)  # rows are views: the caller's array is written
    ref = np.zeros(3)
    ref += 1.0
    ref[0] = 4.0
    close(a, ref)  # one array under both names
    close(b, ref.sum())


def test_unreadable_source_says_what_to_do():
    ns = {}
    exec("def f(x):\n    return x + 1\n", {"np": np}, ns)
    with pytest.raises(arrayc.CompileError, match="define f in a module file"):
        arrayc.jit(ns["f"], target=TARGET)


@arrayc.jit(target=TARGET)
def calls_later_helpers(x, v):
    clip_negative(x)          # writes the caller's array through the helper
    return later_defined(v) + x.sum()


def clip_negative(v):
    for i in range(v.shape[0]):
        if v[i] < 0.0:
            v[i] = 0.0


def later_defined(v, k=LIMIT):
    return v * k


def test_helper_defined_after_and_writing_its_argument():
    x, v = rng.standard_normal(30), rng.standard_normal((2, 3)).astype(np.float32)
    x0 = x.copy()
    out = calls_later_helpers(x, v)
    close(x, np.maximum(x0, 0.0))
    close(out, v.astype(np.float64) * LIMIT + np.maximum(x0, 0.0).sum(), 1e-6)


def broken_helper(v):
    return v.frobnicate()


@arrayc.jit(target=TARGET)
def calls_broken(x):
    return broken_helper(x)


def test_error_in_helper_points_at_its_line():
    import inspect
    line = inspect.getsourcelines(broken_helper)[1] + 1
    with pytest.raises(arrayc.CompileError) as e:
        calls_broken(np.ones(3))
    assert "%s:%d:" % (__file__, line) in str(e.value)
