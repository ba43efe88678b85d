"""Jacobi 2-D (PolyBench), two arrays updated in place in turn."""
import numpy as np


def jacobi_2d(A, B, tsteps):
    for t in range(tsteps):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])


KERNEL = jacobi_2d
WRITES = (0, 1)


def inputs(rng):
    return [rng.random((2048, 2048)), rng.random((2048, 2048)), 20]


def small_inputs(rng):
    return [rng.random((40, 50)), rng.random((40, 50)), 3]


def jax_kernel(jnp, lax):
    def sweep(X):
        return 0.2 * (X[1:-1, 1:-1] + X[1:-1, :-2] + X[1:-1, 2:] + X[2:, 1:-1] + X[:-2, 1:-1])

    def jacobi_2d_jax(A, B, tsteps):
        def body(t, c):
            A, B = c
            B = B.at[1:-1, 1:-1].set(sweep(A))
            return A.at[1:-1, 1:-1].set(sweep(B)), B
        return lax.fori_loop(0, tsteps, body, (A, B))
    return jacobi_2d_jax
