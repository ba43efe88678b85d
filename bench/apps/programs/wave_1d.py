"""1-D wave equation, leapfrog with the two previous time levels swapped each step
(test/apps/physics_wave_1d)."""
import numpy as np


def wave(u0, c=1.0, dx=0.01, dt=0.005, steps=100):
    r2 = (c * dt / dx) ** 2
    u_prev = u0.copy()
    u = u0.copy()
    u[1:-1] = u0[1:-1] + 0.5 * r2 * (u0[2:] - 2 * u0[1:-1] + u0[:-2])
    amp = np.empty(steps)
    for n in range(steps):
        u_next = np.zeros_like(u)
        u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + r2 * (u[2:] - 2 * u[1:-1] + u[:-2])
        u_prev, u = u, u_next
        amp[n] = np.abs(u).max()
    return u, amp


KERNEL = wave


def inputs(rng):
    return [rng.random(1 << 20), 1.0, 0.01, 0.005, 100]


def small_inputs(rng):
    return [rng.random(100), 1.0, 0.01, 0.005, 10]


def jax_kernel(jnp, lax):
    def wave_jax(u0, c, dx, dt, steps):
        r2 = (c * dt / dx) ** 2
        u = u0.at[1:-1].set(u0[1:-1] + 0.5 * r2 * (u0[2:] - 2 * u0[1:-1] + u0[:-2]))

        def body(n, cr):
            u_prev, u, amp = cr
            u_next = jnp.zeros_like(u).at[1:-1].set(
                2 * u[1:-1] - u_prev[1:-1] + r2 * (u[2:] - 2 * u[1:-1] + u[:-2]))
            return u, u_next, amp.at[n].set(jnp.abs(u_next).max())
        _, u, amp = lax.fori_loop(0, steps, body, (u0, u, jnp.zeros(steps)))
        return u, amp
    return wave_jax
