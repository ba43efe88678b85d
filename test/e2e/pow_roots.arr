# RUN: %e2e %s
# Powers with half-integer and -1 exponents (computed from square roots,
# products and quotients): softened inverse-cube forces between particles,
# x ** 1.5 of Kepler's third law, x ** -0.5 normalisation, reciprocals, on
# f64 and f32, with the special values NumPy gives (0, -0.0, inf, negatives
# -> nan, huge and tiny magnitudes).
# INPUT: pos f64 [300, 3]
# INPUT: a f32 [1000] range=0.1:10
# OUTPUT: acc 1e-12
# OUTPUT: period 1e-6
# OUTPUT: scaled 1e-6
# OUTPUT: recip 1e-6
# OUTPUT: special
# OUTPUT: special_inv
import numpy as np


def accelerations(pos, softening):
    d = pos[None, :, :] - pos[:, None, :]
    r2 = (d**2).sum(axis=2) + softening**2
    return (d * (r2 ** -1.5)[:, :, None]).sum(axis=1)


def main():
    pos: f64[n, k] = np.load("pos.npy")
    a: f32[m] = np.load("a.npy")
    np.save("acc.npy", accelerations(pos, 0.1))
    np.save("period.npy", a ** 1.5)
    np.save("scaled.npy", a ** -0.5)
    np.save("recip.npy", a ** -1)
    s = np.array([0.0, -0.0, np.inf, -1.0, 4.0, 1e300, 1e-300, np.nan])
    np.save("special.npy", s ** 1.5)
    np.save("special_inv.npy", s ** -1.5)
