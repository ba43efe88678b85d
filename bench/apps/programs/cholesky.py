"""Cholesky factorisation by hand, one column per step (a row-update loop over j)."""
import numpy as np


def cholesky(A):
    n = A.shape[0]
    L = np.zeros_like(A)
    for j in range(n):
        s = A[j, j] - L[j, :j] @ L[j, :j]
        L[j, j] = np.sqrt(s)
        L[j + 1:, j] = (A[j + 1:, j] - L[j + 1:, :j] @ L[j, :j]) / L[j, j]
    return L


KERNEL = cholesky
TOL = {"float64": 1e-7}
SKIP = {"torch_compile": "torch.compile unrolls the 1024-iteration Python loop (each "
        "iteration's slices have new shapes); not attempted"}


def spd(rng, n):
    B = rng.random((n, n))
    return B @ B.T / n + np.eye(n)


def inputs(rng):
    return [spd(rng, 1024)]


def small_inputs(rng):
    return [spd(rng, 25)]


def jax_kernel(jnp, lax):
    def cholesky_jax(A):
        n = A.shape[0]
        idx = jnp.arange(n)

        def body(j, L):
            # Row j of L is zero from column j on, so full-length products are
            # the sliced ones.
            Lj = L[j]
            d = jnp.sqrt(A[j, j] - Lj @ Lj)
            col = (A[:, j] - L @ Lj) / d
            col = jnp.where(idx > j, col, jnp.where(idx == j, d, 0.0))
            return L.at[:, j].set(col)
        return lax.fori_loop(0, n, body, jnp.zeros_like(A))
    return cholesky_jax
