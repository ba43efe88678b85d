"""Gray-Scott reaction-diffusion on a periodic grid, the Laplacian from np.roll;
U and V updated in place (test/apps/physics_gray_scott)."""
import types

import numpy as np

Du, Dv, F, k = 0.16, 0.08, 0.035, 0.065


def lap(Z):
    return (np.roll(Z, 1, axis=0) + np.roll(Z, -1, axis=0) +
            np.roll(Z, 1, axis=1) + np.roll(Z, -1, axis=1) - 4 * Z)


def gray_scott(U, V, steps, dt=1.0):
    for i in range(steps):
        uvv = U * V * V
        dU = Du * lap(U) - uvv + F * (1 - U)
        dV = Dv * lap(V) + uvv - (F + k) * V
        U += dt * dU
        V += dt * dV


KERNEL = gray_scott
WRITES = (0, 1)


def inputs(rng):
    return [rng.random((1024, 1024)), 0.25 * rng.random((1024, 1024)), 20]


def small_inputs(rng):
    return [rng.random((32, 32)), 0.25 * rng.random((32, 32)), 4]


def jax_kernel(jnp, lax):
    lap_of = types.FunctionType(lap.__code__, {**globals(), "np": jnp})

    def gray_scott_jax(U, V, steps, dt=1.0):
        def body(i, c):
            U, V = c
            uvv = U * V * V
            return (U + dt * (Du * lap_of(U) - uvv + F * (1 - U)),
                    V + dt * (Dv * lap_of(V) + uvv - (F + k) * V))
        return lax.fori_loop(0, steps, body, (U, V))
    return gray_scott_jax
