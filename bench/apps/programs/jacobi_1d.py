"""Jacobi 1-D sweeps written element by element: `for i in range(n)` with a
scalar-indexed update per iteration (issue 27's launch-bound example)."""
import numpy as np


def jacobi_1d(A, B, tsteps):
    n = A.shape[0]
    for t in range(tsteps):
        for i in range(1, n - 1):
            B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1])
        for i in range(1, n - 1):
            A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1])


KERNEL = jacobi_1d
WRITES = (0, 1)
SKIP = {"torch_compile": "torch.compile unrolls the Python loops (10,000 scalar updates); "
        "not attempted"}


def inputs(rng):
    return [rng.random(1000), rng.random(1000), 5]


def small_inputs(rng):
    return [rng.random(30), rng.random(30), 2]


def jax_kernel(jnp, lax):
    def jacobi_1d_jax(A, B, tsteps):
        n = A.shape[0]

        def sweep(src, dst):
            return lax.fori_loop(1, n - 1, lambda i, d: d.at[i].set(
                0.33333 * (src[i - 1] + src[i] + src[i + 1])), dst)

        def body(t, c):
            A, B = c
            B = sweep(A, B)
            return sweep(B, A), B
        return lax.fori_loop(0, tsteps, body, (A, B))
    return jacobi_1d_jax
