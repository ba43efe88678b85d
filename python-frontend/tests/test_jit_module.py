"""@arrayc.jit and the Python a NumPy module holds around its functions:
module-level arrays (passed as hidden arguments at each call), None and
tuple arguments, and options given by keyword or left to their defaults
(compile-time constants of a specialization)."""
import functools
import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")

KERNEL = np.array([1.0, -2.0, 1.0])
OFFSET = np.zeros(4)
SCALE32 = np.float32(0.5)


def close(a, b):
    np.testing.assert_allclose(arrayc.asnumpy(a), b, rtol=1e-12, atol=1e-12)


@arrayc.jit(target=TARGET)
def apply_kernel(x):
    n = x.shape[0] - 2
    return KERNEL[0] * x[:n] + KERNEL[1] * x[1:n + 1] + KERNEL[2] * x[2:]


def test_module_array_is_read_at_each_call():
    global KERNEL
    x = np.random.default_rng(1).random(20)
    saved = KERNEL
    try:
        close(apply_kernel(x), x[:-2] - 2 * x[1:-1] + x[2:])
        KERNEL[1] = 5.0  # the user's write, between calls
        close(apply_kernel(x), x[:-2] + 5 * x[1:-1] + x[2:])
        KERNEL = np.array([3, 0, 1], dtype=np.int64)  # rebound: dtype changes
        close(apply_kernel(x), 3 * x[:-2] + x[2:])
    finally:
        KERNEL = saved
        KERNEL[1] = -2.0


@arrayc.jit(target=TARGET)
def accumulate(x):
    OFFSET[:] += x
    return OFFSET.sum()


def test_function_writes_module_array():
    OFFSET[:] = 0.0
    x = np.arange(4.0)
    close(accumulate(x), 6.0)
    close(accumulate(x), 12.0)
    close(OFFSET, 2 * x)  # the user's array, written in place


@arrayc.jit(target=TARGET)
def scaled(x):
    return SCALE32 * x


def test_numpy_scalar_global():
    x = np.arange(5, dtype=np.float32)
    r = scaled(x)
    assert r.dtype == np.float32
    close(r, 0.5 * x)


def _helper_reads(x):
    return x + KERNEL.sum()


@arrayc.jit(target=TARGET)
def calls_helper_reading_global(x):
    return _helper_reads(x)


def test_helper_reading_module_array_says_what_to_do():
    with pytest.raises(arrayc.CompileError, match="only the decorated function reads "
                                                  "module arrays"):
        calls_helper_reading_global(np.ones(3))


@arrayc.jit(target=TARGET)
def solve_from(A, b, x=None, iters=50):
    if x is None:
        x = np.zeros_like(b)
    D = np.diag(A)
    for _ in range(iters):
        x = (b - (A @ x - D * x)) / D
    return x


def test_none_default_and_given():
    rng = np.random.default_rng(2)
    A = rng.random((6, 6)) + 6 * np.eye(6)
    b = rng.random(6)
    ref = np.linalg.solve(A, b)
    close(solve_from(A, b), ref)
    close(solve_from(A, b, np.ones(6)), ref)
    close(solve_from(A, b, None, 60), ref)
    close(solve_from(A, b, x=np.ones(6), iters=70), ref)


@arrayc.jit(target=TARGET)
def poly(x, c=(0.5, -1.0, 0.25)):
    return c[0] + c[1] * x + c[2] * x * x


def test_tuple_argument():
    x = np.linspace(-1, 1, 9)
    close(poly(x), 0.5 - x + 0.25 * x * x)
    close(poly(x, (1.0, 2.0, 3.0)), 1 + 2 * x + 3 * x * x)
    with pytest.raises(arrayc.ArgumentError, match="numbers only"):
        poly(x, (x, 1.0))


@arrayc.jit(target=TARGET)
def spread(X, ddof=0):
    return X.std(axis=0, ddof=ddof)


@arrayc.jit(target=TARGET)
def softmax(z, axis=-1):
    z = z - np.max(z, axis=axis, keepdims=True)
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)


def test_keyword_and_default_options_are_constants():
    X = np.random.default_rng(3).random((7, 3))
    close(spread(X), X.std(axis=0))
    close(spread(X, ddof=1), X.std(axis=0, ddof=1))

    def ref(z, axis=-1):
        e = np.exp(z - z.max(axis=axis, keepdims=True))
        return e / e.sum(axis=axis, keepdims=True)
    close(softmax(X), ref(X))
    close(softmax(X, axis=0), ref(X, 0))


CUTOFF = 2.5


# A functools.wraps decorator from another module (a user's timing or
# logging decorator): its wrapper's globals are that module's, not CUTOFF's.
_DECORATORS = {"functools": functools}
exec("def traced(fn):\n"
     "    @functools.wraps(fn)\n"
     "    def wrapper(*args, **kwargs):\n"
     "        return fn(*args, **kwargs)\n"
     "    return wrapper\n", _DECORATORS)
_traced = _DECORATORS["traced"]


@_traced
def _clipped(r):
    return np.minimum(r, CUTOFF**2)


@arrayc.jit(target=TARGET)
def calls_wrapped_helper(r):
    return _clipped(r) + 1.0


def test_helper_under_a_wraps_decorator_reads_its_own_module_constants():
    # The constant is found in the globals of the function the decorator
    # wraps (test/apps' harness wraps kernels this way).
    r = np.linspace(0.0, 10.0, 11)
    close(calls_wrapped_helper(r), np.minimum(r, CUTOFF**2) + 1.0)
