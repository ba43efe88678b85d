"""1-D heat equation, explicit finite differences, the rod updated in place by a
helper each step, its energy recorded (test/apps/physics_heat_1d)."""
import numpy as np

ALPHA = 0.4


def heat_step(u, alpha):
    u[1:-1] = u[1:-1] + alpha * (u[2:] - 2 * u[1:-1] + u[:-2])


def simulate(u, steps, alpha=ALPHA):
    energy = np.zeros(steps)
    for t in range(steps):
        heat_step(u, alpha)
        energy[t] = np.sum(u ** 2)
    return energy


KERNEL = simulate
WRITES = (0,)


def inputs(rng):
    return [rng.random(1 << 20), 50]


def small_inputs(rng):
    return [rng.random(100), 5]


def jax_kernel(jnp, lax):
    def simulate_jax(u, steps, alpha=ALPHA):
        def body(t, c):
            u, energy = c
            u = u.at[1:-1].set(u[1:-1] + alpha * (u[2:] - 2 * u[1:-1] + u[:-2]))
            return u, energy.at[t].set(jnp.sum(u ** 2))
        u, energy = lax.fori_loop(0, steps, body, (u, jnp.zeros(steps)))
        return energy, u
    return simulate_jax
