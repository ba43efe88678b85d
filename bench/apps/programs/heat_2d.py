"""2-D heat diffusion, five-point stencil, updated in place (test/apps/physics_heat_2d)."""
import numpy as np

DX = 0.1
DT = 0.002
KAPPA = 1.0


def laplacian(T, dx):
    return (T[:-2, 1:-1] + T[2:, 1:-1] + T[1:-1, :-2] + T[1:-1, 2:] - 4 * T[1:-1, 1:-1]) / dx**2


def diffuse(T, nsteps):
    means = []
    for _ in range(nsteps):
        T[1:-1, 1:-1] += DT * KAPPA * laplacian(T, DX)
        means.append(T.mean())
    return np.array(means)


KERNEL = diffuse
WRITES = (0,)


def inputs(rng):
    return [rng.random((2048, 2048)), 20]


def small_inputs(rng):
    return [rng.random((48, 40)), 5]


def jax_kernel(jnp, lax):
    def diffuse_jax(T, nsteps):
        def body(i, carry):
            T, means = carry
            T = T.at[1:-1, 1:-1].add(DT * KAPPA * laplacian(T, DX))
            return T, means.at[i].set(T.mean())
        T, means = lax.fori_loop(0, nsteps, body, (T, jnp.zeros(nsteps, T.dtype)))
        return means, T
    return diffuse_jax
