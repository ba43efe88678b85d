"""Gravitational N-body, all pairs with softening, leapfrog; pos and vel updated in
place (test/apps/physics_nbody)."""
import types

import numpy as np

G = 1.0
SOFTENING = 0.1


def getAcc(pos, mass, G, softening):
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z
    inv_r3 = dx**2 + dy**2 + dz**2 + softening**2
    inv_r3 = inv_r3 ** (-1.5)
    ax = G * (dx * inv_r3) @ mass
    ay = G * (dy * inv_r3) @ mass
    az = G * (dz * inv_r3) @ mass
    return np.hstack((ax.reshape(-1, 1), ay.reshape(-1, 1), az.reshape(-1, 1)))


def kinetic(vel, mass):
    return 0.5 * np.sum(np.sum(mass.reshape(-1, 1) * vel**2))


def nbody(pos, vel, mass, dt, steps):
    acc = getAcc(pos, mass, G, SOFTENING)
    ke = np.zeros(steps)
    for i in range(steps):
        vel += acc * dt / 2.0
        pos += vel * dt
        acc = getAcc(pos, mass, G, SOFTENING)
        vel += acc * dt / 2.0
        ke[i] = kinetic(vel, mass)
    return ke


KERNEL = nbody
WRITES = (0, 1)


def bodies(rng, n, steps):
    return [rng.standard_normal((n, 3)), rng.standard_normal((n, 3)), 1 + rng.random(n), 0.01, steps]


def inputs(rng):
    return bodies(rng, 2048, 5)


def small_inputs(rng):
    return bodies(rng, 64, 3)


def jax_kernel(jnp, lax):
    g = {**globals(), "np": jnp}
    acc_of = types.FunctionType(getAcc.__code__, g)
    kin = types.FunctionType(kinetic.__code__, g)

    def nbody_jax(pos, vel, mass, dt, steps):
        def body(i, c):
            pos, vel, acc, ke = c
            vel = vel + acc * dt / 2.0
            pos = pos + vel * dt
            acc = acc_of(pos, mass, G, SOFTENING)
            vel = vel + acc * dt / 2.0
            return pos, vel, acc, ke.at[i].set(kin(vel, mass))
        pos, vel, _, ke = lax.fori_loop(0, steps, body, (pos, vel, acc_of(pos, mass, G, SOFTENING),
                                                         jnp.zeros(steps)))
        return ke, pos, vel
    return nbody_jax
