"""np.repeat / ndarray.repeat with an array of counts or a count known only
at run time, and np.tile with run-time reps, under @arrayc.jit, against the
same functions run by NumPy (values and dtypes); NumPy's errors for negative
counts and counts that do not broadcast to the axis."""
from __future__ import annotations

import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng()


def same(out, ref):
    out = np.asarray(arrayc.asnumpy(out))
    ref = np.asarray(ref)
    assert out.dtype == ref.dtype
    assert out.shape == ref.shape
    assert np.array_equal(out, ref)


def expand(values, counts):
    return np.repeat(values, counts)


def rows_and_cols(img, rows, cols):
    return img.repeat(rows, axis=0).repeat(cols, axis=1)


def by_size(img, v):
    k = len(v) // 2
    return np.repeat(img, k, axis=1), np.tile(img, (k, 1, k + 1)), np.repeat(v, np.array([k]))


def flat_counts(img, cells):
    return np.repeat(img, cells.ravel())


def test_array_of_counts():
    n = int(rng.integers(5, 40))
    x = rng.standard_normal(n)
    c = rng.integers(0, 5, n).astype(np.int32)
    same(arrayc.jit(expand, target=TARGET)(x, c), expand(x, c))
    e = np.zeros(0)
    same(arrayc.jit(expand, target=TARGET)(e, np.zeros(0, np.int64)),
         expand(e, np.zeros(0, np.int64)))


def test_counts_along_axes():
    h, w = (int(s) for s in rng.integers(2, 9, 2))
    img = rng.standard_normal((h, w)).astype(np.float32)
    rows = rng.integers(0, 4, h)
    cols = rng.integers(0, 3, w).astype(np.uint8)
    same(arrayc.jit(rows_and_cols, target=TARGET)(img, rows, cols),
         rows_and_cols(img, rows, cols))
    one = np.array([3])
    same(arrayc.jit(rows_and_cols, target=TARGET)(img, one, cols),
         rows_and_cols(img, one, cols))


def test_run_time_counts():
    img = rng.integers(-9, 9, (3, 4)).astype(np.int16)
    v = rng.standard_normal(int(rng.integers(2, 9)))
    for out, ref in zip(arrayc.jit(by_size, target=TARGET)(img, v), by_size(img, v)):
        same(out, ref)
    cells = rng.integers(0, 3, img.shape)
    same(arrayc.jit(flat_counts, target=TARGET)(img, cells), flat_counts(img, cells))


def test_errors():
    x = rng.standard_normal(6)
    f = arrayc.jit(expand, target=TARGET)
    at = r"test_repeat_tile.py:\d+:12: "
    with pytest.raises(arrayc.ProgramError,
                       match=at + "repeats may not contain negative values"):
        f(x, np.array([1, 2, -1, 0, 1, 1]))
    with pytest.raises(arrayc.ProgramError,
                       match=at + r"operands could not be broadcast together "
                                  r"with shape \(6,\) \(4,\)"):
        f(x, np.array([1, 2, 1, 1]))
