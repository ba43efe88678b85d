"""Heat 3-D (PolyBench): a seven-point stencil on a cube, two arrays in turn."""
import numpy as np


def heat_3d(A, B, tsteps):
    for t in range(tsteps):
        B[1:-1, 1:-1, 1:-1] = (0.125 * (A[2:, 1:-1, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[:-2, 1:-1, 1:-1])
                               + 0.125 * (A[1:-1, 2:, 1:-1] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[1:-1, :-2, 1:-1])
                               + 0.125 * (A[1:-1, 1:-1, 2:] - 2.0 * A[1:-1, 1:-1, 1:-1] + A[1:-1, 1:-1, :-2])
                               + A[1:-1, 1:-1, 1:-1])
        A[1:-1, 1:-1, 1:-1] = (0.125 * (B[2:, 1:-1, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] + B[:-2, 1:-1, 1:-1])
                               + 0.125 * (B[1:-1, 2:, 1:-1] - 2.0 * B[1:-1, 1:-1, 1:-1] + B[1:-1, :-2, 1:-1])
                               + 0.125 * (B[1:-1, 1:-1, 2:] - 2.0 * B[1:-1, 1:-1, 1:-1] + B[1:-1, 1:-1, :-2])
                               + B[1:-1, 1:-1, 1:-1])


KERNEL = heat_3d
WRITES = (0, 1)


def inputs(rng):
    return [rng.random((128, 128, 128)), rng.random((128, 128, 128)), 10]


def small_inputs(rng):
    return [rng.random((12, 10, 14)), rng.random((12, 10, 14)), 2]


def jax_kernel(jnp, lax):
    def step(X):
        c = X[1:-1, 1:-1, 1:-1]
        return (0.125 * (X[2:, 1:-1, 1:-1] - 2.0 * c + X[:-2, 1:-1, 1:-1])
                + 0.125 * (X[1:-1, 2:, 1:-1] - 2.0 * c + X[1:-1, :-2, 1:-1])
                + 0.125 * (X[1:-1, 1:-1, 2:] - 2.0 * c + X[1:-1, 1:-1, :-2]) + c)

    def heat_3d_jax(A, B, tsteps):
        def body(t, c):
            A, B = c
            B = B.at[1:-1, 1:-1, 1:-1].set(step(A))
            return A.at[1:-1, 1:-1, 1:-1].set(step(B)), B
        return lax.fori_loop(0, tsteps, body, (A, B))
    return heat_3d_jax
