# RUN: %e2e %s
# Gravitational N-body with softening, leapfrog (kick-drift-kick); the
# acceleration helper is the usual broadcasting version (pairwise dx, dy, dz).
# INPUT: pos f64 [64, 3]
# INPUT: vel f64 [64, 3]
# INPUT: mass f64 [64] positive
# OUTPUT: pos_out
# OUTPUT: vel_out
# OUTPUT: ke
# JIT: nbody
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


def main():
    pos: f64[n, 3] = np.load("pos.npy")
    vel: f64[n, 3] = np.load("vel.npy")
    mass: f64[n] = np.load("mass.npy")
    ke = nbody(pos, vel, mass, 0.01, 20)
    np.save("pos_out.npy", pos)
    np.save("vel_out.npy", vel)
    np.save("ke.npy", ke)
