"""np.random.default_rng() Generators and @arrayc.jit: a jitted function is
not main(), where arrayc keeps random state, so it can neither make a
Generator nor take NumPy's as an argument; both are clear errors, located
in the function's source (docs/numpy-compatibility.md, Generators)."""
import numpy as np
import pytest

import arrayc


def makes_generator(n):
    rng = np.random.default_rng(0)
    return rng.random(n)


def draws(rng, n):
    return rng.random(n)


def legacy(n):
    return np.random.rand(n)


def test_making_a_generator_in_jit_code():
    f = arrayc.jit(makes_generator, target="cpu")
    with pytest.raises(arrayc.CompileError,
                       match=r"test_random_generator\.py:12:\d+: .*np\.random\.default_rng\(\) "
                             r"is only allowed in main\(\)"):
        f(4)


def test_legacy_functions_in_jit_code():
    # The same rule as np.random's functions.
    f = arrayc.jit(legacy, target="cpu")
    with pytest.raises(arrayc.CompileError, match=r"only allowed in main\(\)"):
        f(4)


def test_passing_a_generator():
    f = arrayc.jit(draws, target="cpu")
    with pytest.raises(arrayc.ArgumentError, match="cannot pass .*Generator"):
        f(np.random.default_rng(0), 4)
