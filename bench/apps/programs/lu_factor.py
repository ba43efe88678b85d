"""LU factorisation with partial pivoting by hand, row updates over k
(test/apps/linalg_lu_doolittle, lu_factor)."""
import numpy as np


def lu_factor(A):
    n = A.shape[0]
    LU = A.copy()
    perm = np.arange(n)
    for k in range(n - 1):
        p = k + int(np.argmax(np.abs(LU[k:, k])))
        if p != k:
            LU[[k, p]] = LU[[p, k]]
            perm[[k, p]] = perm[[p, k]]
        LU[k + 1:, k] /= LU[k, k]
        LU[k + 1:, k + 1:] -= np.outer(LU[k + 1:, k], LU[k, k + 1:])
    return LU, perm


KERNEL = lu_factor
TOL = {"float64": 1e-7}


def inputs(rng):
    return [rng.random((512, 512))]


def small_inputs(rng):
    return [rng.random((30, 30))]


def jax_kernel(jnp, lax):
    def lu_factor_jax(A):
        n = A.shape[0]
        idx = jnp.arange(n)

        def body(k, c):
            LU, perm = c
            p = jnp.argmax(jnp.where(idx >= k, jnp.abs(LU[:, k]), -1.0))
            rk, rp = LU[k], LU[p]
            LU = LU.at[k].set(rp).at[p].set(rk)
            pk, pp = perm[k], perm[p]
            perm = perm.at[k].set(pp).at[p].set(pk)
            below = idx > k
            l = jnp.where(below, LU[:, k] / LU[k, k], LU[:, k])
            LU = LU.at[:, k].set(l)
            LU = LU - jnp.outer(jnp.where(below, l, 0.0), jnp.where(below, LU[k], 0.0))
            return LU, perm
        return lax.fori_loop(0, n - 1, body, (A, idx))
    return lu_factor_jax
