"""Python's math module inside @arrayc.jit functions: the same values as
Python, and math's ValueError where NumPy would give nan."""
import math

import numpy as np
import pytest

import arrayc


def sieve(n):
    is_p = np.ones(n + 1, dtype=bool)
    is_p[:2] = False
    for i in range(2, int(math.sqrt(n)) + 1):
        if is_p[i]:
            is_p[i * i::i] = False
    return np.nonzero(is_p)[0]


def normalize(x, k):
    x /= math.sqrt(k) * math.log(k, 2)   # in place, by a Python float
    return math.floor(math.exp(x[0]) * 100)


def root_of_first(x):
    return math.sqrt(x[0])


@pytest.mark.parametrize("n", [2, 30, 101])
def test_sieve(n):
    np.testing.assert_array_equal(arrayc.jit(sieve, target="cpu")(n), sieve(n))


def test_in_place_and_int_result():
    rng = np.random.default_rng()
    x = rng.random(17)
    y = x.copy()
    got = arrayc.jit(normalize, target="cpu")(y, 5)
    want = normalize(x, 5)
    # A scalar result comes back as a 0-d array (as from CuPy), of an integer
    # dtype here: math.floor returns a Python int.
    assert int(got) == want and np.dtype(got.dtype).kind == "i"
    np.testing.assert_allclose(y, x, rtol=1e-15)


def test_domain_error_raises():
    f = arrayc.jit(root_of_first, target="cpu")
    assert float(f(np.array([4.0, 1.0]))) == 2.0
    with pytest.raises(Exception, match="ValueError: math domain error"):
        f(np.array([-4.0, 1.0]))
