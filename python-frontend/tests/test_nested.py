"""Nested functions in @arrayc.jit functions, as NumPy users write them:
the jitted source reaches the same parser as a .arr file, which hoists each
nested `def` (and each `name = lambda ...`) to a module-level function
taking the enclosing variables it reads as extra arguments (docs/language.md,
"Nested functions")."""
import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")


def close(a, b):
    np.testing.assert_allclose(arrayc.asnumpy(a), b, rtol=1e-12, atol=1e-12)


def module_helper(a):
    return a - a.mean()


def smooth(x):
    def kernel(a, b):
        return 0.5 * (a + b)
    y = x.copy()
    y[1:] = kernel(x[1:], x[:-1])
    return y


def late_binding(x, scale):
    def scaled(a):
        return a * scale
    first = scaled(x)
    scale = scale + 1.0     # the next call sees the new value
    return first + scaled(x[::-1])


def two_shapes(x, m):
    def total(a):
        return (a * 2).sum()
    return total(x) + total(m) + total(m[0])


def update(v, x):
    offset = 1.5
    def bump(a, by):
        a += by + offset
    def clamp_front(lo):
        x[:3] = np.maximum(x[:3], lo)
    bump(v, 2.0)
    bump(v[::2], -10.0)
    clamp_front(0.25)


def calls_module_function(x):
    w = 3.0
    def inner(a):
        return module_helper(a) * w
    sq = lambda a: a * a
    return inner(x) + sq(x)


def closure_returned(x):
    def k(a):
        return a + 1.0
    return k


@pytest.mark.parametrize("fn", [smooth, calls_module_function])
def test_nested_helper(fn):
    x = np.random.default_rng(0).standard_normal(33)
    close(arrayc.jit(fn, target=TARGET)(x), fn(x))


def test_late_binding():
    x = np.random.default_rng(1).standard_normal(17)
    close(arrayc.jit(late_binding, target=TARGET)(x, 2.0), late_binding(x, 2.0))


def test_helper_with_two_shapes_and_dtypes():
    rng = np.random.default_rng(2)
    x = rng.standard_normal(9).astype(np.float32)
    m = rng.standard_normal((4, 5))
    got = arrayc.jit(two_shapes, target=TARGET)(x, m)
    np.testing.assert_allclose(float(arrayc.asnumpy(got)), two_shapes(x, m), rtol=1e-6)


def test_in_place_updates_reach_the_caller():
    rng = np.random.default_rng(3)
    v, x = rng.standard_normal(10), rng.standard_normal(8)
    v_ref, x_ref = v.copy(), x.copy()
    update(v_ref, x_ref)
    arrayc.jit(update, target=TARGET)(v, x)
    close(v, v_ref)
    close(x, x_ref)


def test_returning_a_nested_function_is_refused():
    with pytest.raises(arrayc.CompileError, match="returning a function is not supported"):
        arrayc.jit(closure_returned, target=TARGET)(np.zeros(3))
