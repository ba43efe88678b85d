# RUN: %e2e %s
# NEEDS-JIT: np.array-literal, enumerate, zip, np.cross, np.kron
# NEEDS-JIT: jit-helpers, one-line-def (def f(x): return ...)
# Rigid-body kinematics: rotation matrices from axis-angle (Rodrigues, with
# the cross-product matrix), torques with np.cross, the rotated inertia
# tensor, and a block-diagonal system matrix with np.kron; small one-line
# helpers.
# INPUT: axes f64 [20, 3]
# INPUT: angles f64 [20]
# INPUT: r f64 [20, 3]
# INPUT: F f64 [20, 3]
# OUTPUT: R
# OUTPUT: torque
# OUTPUT: I_rot
# OUTPUT: K
# JIT: rotations torques block_system
import numpy as np


def unit(v): return v / np.linalg.norm(v, axis=-1, keepdims=True)
def skew(k): return np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])


def rotations(axes, angles):
    R = np.zeros((len(angles), 3, 3))
    for i, (k, th) in enumerate(zip(unit(axes), angles)):
        K = skew(k)
        R[i] = np.eye(3) + np.sin(th) * K + (1 - np.cos(th)) * K @ K
    return R


def torques(r, F):
    return np.cross(r, F)


def block_system(R, I_body):
    I_rot = R @ I_body @ R.transpose(0, 2, 1)
    return I_rot, np.kron(np.eye(2), I_rot[0])


def main():
    axes: f64[n, 3] = np.load("axes.npy")
    angles: f64[n] = np.load("angles.npy")
    r: f64[n, 3] = np.load("r.npy")
    F: f64[n, 3] = np.load("F.npy")
    R = rotations(axes, angles)
    I_rot, K = block_system(R, np.diag([1.0, 2.0, 3.0]))
    np.save("R.npy", R)
    np.save("torque.npy", torques(r, F))
    np.save("I_rot.npy", I_rot)
    np.save("K.npy", K)
