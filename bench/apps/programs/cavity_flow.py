"""Lid-driven cavity flow, 2-D incompressible Navier-Stokes (Barba's "CFD Python:
12 steps", step 11): a pressure Poisson solve of nit Jacobi sweeps per time step,
then the momentum update of u and v, in place."""
import numpy as np


def build_up_b(b, rho, dt, u, v, dx, dy):
    b[1:-1, 1:-1] = (rho * (1 / dt * ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx) +
                                      (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                            ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 -
                            2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                                 (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx)) -
                            ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))
    return b


def pressure_poisson(p, dx, dy, b, nit):
    for q in range(nit):
        pn = p.copy()
        p[1:-1, 1:-1] = (((pn[1:-1, 2:] + pn[1:-1, 0:-2]) * dy**2 +
                          (pn[2:, 1:-1] + pn[0:-2, 1:-1]) * dx**2) /
                         (2 * (dx**2 + dy**2)) -
                         dx**2 * dy**2 / (2 * (dx**2 + dy**2)) * b[1:-1, 1:-1])
        p[:, -1] = p[:, -2]
        p[0, :] = p[1, :]
        p[:, 0] = p[:, 1]
        p[-1, :] = 0
    return p


def cavity_flow(nt, u, v, dt, dx, dy, p, rho, nu, nit):
    b = np.zeros_like(u)
    for n in range(nt):
        un = u.copy()
        vn = v.copy()
        b = build_up_b(b, rho, dt, u, v, dx, dy)
        p = pressure_poisson(p, dx, dy, b, nit)
        u[1:-1, 1:-1] = (un[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx * (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy * (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                         dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                         nu * (dt / dx**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                               dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))
        v[1:-1, 1:-1] = (vn[1:-1, 1:-1] -
                         un[1:-1, 1:-1] * dt / dx * (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                         vn[1:-1, 1:-1] * dt / dy * (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                         dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                         nu * (dt / dx**2 * (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                               dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))
        u[0, :] = 0
        u[:, 0] = 0
        u[:, -1] = 0
        u[-1, :] = 1
        v[0, :] = 0
        v[-1, :] = 0
        v[:, 0] = 0
        v[:, -1] = 0
    return u, v, p


KERNEL = cavity_flow
TOL = {"float64": 1e-7}


def setup(rng, n, nt, nit):
    d = 2.0 / (n - 1)
    u, v, p = (0.01 * rng.standard_normal((n, n)) for _ in range(3))
    return [nt, u, v, 0.1 * d, d, d, p, 1.0, 0.1, nit]


def inputs(rng):
    return setup(rng, 512, 10, 20)


def small_inputs(rng):
    return setup(rng, 21, 3, 4)


def jax_kernel(jnp, lax):
    def b_interior(rho, dt, u, v, dx, dy):
        return (rho * (1 / dt * ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx) +
                                 (v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy)) -
                       ((u[1:-1, 2:] - u[1:-1, 0:-2]) / (2 * dx))**2 -
                       2 * ((u[2:, 1:-1] - u[0:-2, 1:-1]) / (2 * dy) *
                            (v[1:-1, 2:] - v[1:-1, 0:-2]) / (2 * dx)) -
                       ((v[2:, 1:-1] - v[0:-2, 1:-1]) / (2 * dy))**2))

    def sweep(q, p, dx, dy, b):
        p = p.at[1:-1, 1:-1].set(((p[1:-1, 2:] + p[1:-1, 0:-2]) * dy**2 +
                                  (p[2:, 1:-1] + p[0:-2, 1:-1]) * dx**2) /
                                 (2 * (dx**2 + dy**2)) -
                                 dx**2 * dy**2 / (2 * (dx**2 + dy**2)) * b[1:-1, 1:-1])
        p = p.at[:, -1].set(p[:, -2])
        p = p.at[0, :].set(p[1, :])
        p = p.at[:, 0].set(p[:, 1])
        return p.at[-1, :].set(0)

    def cavity_flow_jax(nt, u, v, dt, dx, dy, p, rho, nu, nit):
        def step(n, c):
            u, v, p, b = c
            un, vn = u, v
            b = b.at[1:-1, 1:-1].set(b_interior(rho, dt, u, v, dx, dy))
            p = lax.fori_loop(0, nit, lambda q, p: sweep(q, p, dx, dy, b), p)
            u = u.at[1:-1, 1:-1].set(
                un[1:-1, 1:-1] -
                un[1:-1, 1:-1] * dt / dx * (un[1:-1, 1:-1] - un[1:-1, 0:-2]) -
                vn[1:-1, 1:-1] * dt / dy * (un[1:-1, 1:-1] - un[0:-2, 1:-1]) -
                dt / (2 * rho * dx) * (p[1:-1, 2:] - p[1:-1, 0:-2]) +
                nu * (dt / dx**2 * (un[1:-1, 2:] - 2 * un[1:-1, 1:-1] + un[1:-1, 0:-2]) +
                      dt / dy**2 * (un[2:, 1:-1] - 2 * un[1:-1, 1:-1] + un[0:-2, 1:-1])))
            v = v.at[1:-1, 1:-1].set(
                vn[1:-1, 1:-1] -
                un[1:-1, 1:-1] * dt / dx * (vn[1:-1, 1:-1] - vn[1:-1, 0:-2]) -
                vn[1:-1, 1:-1] * dt / dy * (vn[1:-1, 1:-1] - vn[0:-2, 1:-1]) -
                dt / (2 * rho * dy) * (p[2:, 1:-1] - p[0:-2, 1:-1]) +
                nu * (dt / dx**2 * (vn[1:-1, 2:] - 2 * vn[1:-1, 1:-1] + vn[1:-1, 0:-2]) +
                      dt / dy**2 * (vn[2:, 1:-1] - 2 * vn[1:-1, 1:-1] + vn[0:-2, 1:-1])))
            u = u.at[0, :].set(0).at[:, 0].set(0).at[:, -1].set(0).at[-1, :].set(1)
            v = v.at[0, :].set(0).at[-1, :].set(0).at[:, 0].set(0).at[:, -1].set(0)
            return u, v, p, b
        u, v, p, _ = lax.fori_loop(0, nt, step, (u, v, p, jnp.zeros_like(u)))
        return u, v, p
    return cavity_flow_jax
