# RUN: %e2e %s
# Leapfrog scheme for the 1-D wave equation u_tt = c^2 u_xx on a string with
# fixed ends; keeps the two previous time levels and swaps them.
# INPUT: u0 f64 [256]
# OUTPUT: u
# OUTPUT: amp
# JIT: wave
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


def main():
    u0: f64[n] = np.load("u0.npy")
    u, amp = wave(u0)
    np.save("u.npy", u)
    np.save("amp.npy", amp)
