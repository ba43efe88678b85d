"""Box sums from a 2-D summed-area table (cumsum along both axes), int
(test/apps/int_prefix_sums, summed_area and box_sums)."""
import numpy as np


def summed_area(M):
    S = np.zeros((M.shape[0] + 1, M.shape[1] + 1), dtype=np.int64)
    S[1:, 1:] = M.cumsum(axis=0).cumsum(axis=1)
    return S


def box_sums(S, k):
    return S[k:, k:] - S[:-k, k:] - S[k:, :-k] + S[:-k, :-k]


def box_filter(M, k):
    return box_sums(summed_area(M), k)


KERNEL = box_filter


def inputs(rng):
    return [rng.integers(0, 256, (4096, 4096), dtype=np.int32), 5]


def small_inputs(rng):
    return [rng.integers(0, 256, (40, 30), dtype=np.int32), 5]


def jax_kernel(jnp, lax):
    def box_filter_jax(M, k):
        S = jnp.zeros((M.shape[0] + 1, M.shape[1] + 1), dtype=jnp.int64)
        # NumPy sums int32 in int64 (the default integer); so does this.
        S = S.at[1:, 1:].set(jnp.cumsum(jnp.cumsum(M, axis=0, dtype=jnp.int64), axis=1))
        return box_sums(S, k)
    return box_filter_jax


def torch_kernel(torch):
    """The NumPy source creates the table S on the host under torch.compile
    (systems.py), which would do the box sums there."""
    def box_filter_torch(M, k):
        S = torch.zeros((M.shape[0] + 1, M.shape[1] + 1), dtype=torch.int64, device=M.device)
        S[1:, 1:] = M.cumsum(dim=0).cumsum(dim=1)
        return S[k:, k:] - S[:-k, k:] - S[k:, :-k] + S[:-k, :-k]
    return box_filter_torch
