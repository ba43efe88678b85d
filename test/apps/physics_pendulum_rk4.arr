# RUN: %e2e %s
# A batch of damped driven pendulums integrated with classic RK4; the state
# is a (n, 2) array [theta, omega]; the derivative helper returns a new array.
# INPUT: state0 f64 [100, 2]
# INPUT: damping f64 [100] positive
# OUTPUT: state
# OUTPUT: traj
# JIT: integrate
import numpy as np


def deriv(t, y, gamma, drive=1.2, w=2.0 / 3.0):
    theta = y[:, 0]
    omega = y[:, 1]
    dtheta = omega
    domega = -gamma * omega - np.sin(theta) + drive * np.cos(w * t)
    return np.column_stack((dtheta, domega))


def rk4_step(t, y, h, gamma):
    k1 = deriv(t, y, gamma)
    k2 = deriv(t + h / 2, y + h / 2 * k1, gamma)
    k3 = deriv(t + h / 2, y + h / 2 * k2, gamma)
    k4 = deriv(t + h, y + h * k3, gamma)
    return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def integrate(y, gamma, h, nsteps):
    traj = np.zeros((nsteps, y.shape[0]))
    t = 0.0
    for i in range(nsteps):
        y[:] = rk4_step(t, y, h, gamma)
        t += h
        traj[i] = y[:, 0]
    return traj


def main():
    state: f64[n, 2] = np.load("state0.npy")
    damping: f64[n] = np.load("damping.npy")
    traj = integrate(state, 0.5 * damping, 0.05, 40)
    np.save("state.npy", state)
    np.save("traj.npy", traj)
