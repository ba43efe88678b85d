# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# np.gradient as NumPy users call it: the derivative of samples with a step
# known at run time, the two gradients of an image (gy, gx = np.gradient(F)),
# one axis only, a spacing per axis, and an integer array (in f64).
# INPUT: y f64 [40]
# INPUT: F f64 [9, 12]
# INPUT: k i32 [10]
# OUTPUT: dy 1e-12
# OUTPUT: mag 1e-12
# OUTPUT: gx1 1e-12
# OUTPUT: gys 1e-12
# OUTPUT: dk
import numpy as np

def derivative(y, t0, t1):
    h = (t1 - t0) / (y.shape[0] - 1)
    return np.gradient(y, h)

def edge_strength(F):
    gy, gx = np.gradient(F)
    return np.sqrt(gx ** 2 + gy ** 2)

def main():
    y: f64[n] = np.load("y.npy")
    F: f64[r, c] = np.load("F.npy")
    k: i32[m] = np.load("k.npy")
    np.save("dy.npy", derivative(y, 0.0, 2.0))
    np.save("mag.npy", edge_strength(F))
    np.save("gx1.npy", np.gradient(F, axis=1))
    gys, gxs = np.gradient(F, 0.5, 2.0)
    np.save("gys.npy", gys + gxs)
    np.save("dk.npy", np.gradient(k))
