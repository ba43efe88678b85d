"""A histogram by hand: bin indices by floor division, the top edge folded into the
last bin, np.bincount (test/apps/stats_histogram, hist_manual)."""
import numpy as np


def hist_manual(x, bins=20):
    lo, hi = x.min(), x.max()
    width = (hi - lo) / bins
    b = ((x - lo) / width).astype(np.int64)
    b[b == bins] = bins - 1
    return np.bincount(b, minlength=bins)


KERNEL = hist_manual


def inputs(rng):
    return [rng.standard_normal(1 << 24), 256]


def small_inputs(rng):
    return [rng.standard_normal(1000), 20]


def jax_kernel(jnp, lax):
    def hist_manual_jax(x, bins):
        lo, hi = x.min(), x.max()
        b = ((x - lo) / ((hi - lo) / bins)).astype(jnp.int64)
        return jnp.bincount(jnp.where(b == bins, bins - 1, b), length=bins)
    return hist_manual_jax
