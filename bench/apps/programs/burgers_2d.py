"""2-D Burgers' equation (Barba's "CFD Python: 12 steps", step 8): upwind
convection and central diffusion of (u, v), in place, fixed boundaries."""
import numpy as np


def burgers(u, v, nt, dt, dx, dy, nu):
    for n in range(nt):
        un = u.copy()
        vn = v.copy()
        u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                         dt / dx * un[1:-1, 1:-1] * (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         dt / dy * vn[1:-1, 1:-1] * (un[1:-1, 1:-1] - un[0:-2, 1:-1]) +
                         nu * dt / dx**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                         nu * dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))
        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                         dt / dx * un[1:-1, 1:-1] * (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         dt / dy * vn[1:-1, 1:-1] * (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) +
                         nu * dt / dx**2 * (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                         nu * dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1]))
        u[0, :] = 1
        u[-1, :] = 1
        u[:, 0] = 1
        u[:, -1] = 1
        v[0, :] = 1
        v[-1, :] = 1
        v[:, 0] = 1
        v[:, -1] = 1


KERNEL = burgers
WRITES = (0, 1)


def setup(rng, n, nt):
    d = 2.0 / (n - 1)
    nu = 0.01
    return [1 + rng.random((n, n)), 1 + rng.random((n, n)), nt, 0.0009 * d * d / nu, d, d, nu]


def inputs(rng):
    return setup(rng, 1024, 20)


def small_inputs(rng):
    return setup(rng, 31, 4)


def jax_kernel(jnp, lax):
    def burgers_jax(u, v, nt, dt, dx, dy, nu):
        def step(n, c):
            un, vn = c
            u = un.at[1:-1, 1:-1].set(
                un[1:-1, 1:-1] -
                dt / dx * un[1:-1, 1:-1] * (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                dt / dy * vn[1:-1, 1:-1] * (un[1:-1, 1:-1] - un[0:-2, 1:-1]) +
                nu * dt / dx**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                nu * dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1]))
            v = vn.at[1:-1, 1:-1].set(
                vn[1:-1, 1:-1] -
                dt / dx * un[1:-1, 1:-1] * (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                dt / dy * vn[1:-1, 1:-1] * (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) +
                nu * dt / dx**2 * (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                nu * dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1]))
            u = u.at[0, :].set(1).at[-1, :].set(1).at[:, 0].set(1).at[:, -1].set(1)
            v = v.at[0, :].set(1).at[-1, :].set(1).at[:, 0].set(1).at[:, -1].set(1)
            return u, v
        return lax.fori_loop(0, nt, step, (u, v))
    return burgers_jax
