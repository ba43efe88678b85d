"""An inclusive prefix sum written as a Hillis-Steele scan with shifted slices
(log-step doubling), int64 (test/apps/int_prefix_sums, hillis_steele)."""
import numpy as np


def hillis_steele(a):
    x = a.copy()
    offset = 1
    while offset < len(x):
        x[offset:] = x[offset:] + x[:-offset]
        offset *= 2
    return x


KERNEL = hillis_steele


def inputs(rng):
    return [rng.integers(-1000, 1000, 1 << 22)]


def small_inputs(rng):
    return [rng.integers(-1000, 1000, 1000)]


def jax_kernel(jnp, lax):
    def hillis_steele_jax(a):
        x = a
        offset = 1
        while offset < len(x):  # static: the array's length
            x = x.at[offset:].set(x[offset:] + x[:-offset])
            offset *= 2
        return x
    return hillis_steele_jax
