# RUN: %e2e %s
# Tests 0-d arrays end to end: scalar parameters and results, scalar-only
# arithmetic with weak literals (i32 + 2.5 -> f64, f32 * 2 -> f32), scalar
# builtins, and a scalar mixing with an array. The inputs keep a*b + 2 and
# r4 away from zero: with NumPy 1.x as the reference, scalar-only f32 math
# promotes to f64 (NumPy 2 keeps f32, as arrayc does), and cancellation would
# turn that one-rounding difference into a relative error above 1e-6.
# INPUT: a f32 [] positive
# INPUT: b f32 [] positive
# INPUT: k i32 [] range=4:10
# INPUT: v f32 [9]
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
import numpy as np

def fma(a: f32, b: f32, c: f32) -> f32:
    return a * b + c

def mix(k: i32, a: f32) -> f64:
    return k + a

def main():
    a: f32 = np.load("a.npy")
    b: f32 = np.load("b.npy")
    k: i32 = np.load("k.npy")
    v: f32[n] = np.load("v.npy")
    np.save("r1.npy", fma(a, b, 2))
    np.save("r2.npy", mix(k, a))
    np.save("r3.npy", k + 2.5)
    np.save("r4.npy", sqrt(b) * exp(a) - maximum(a, b) + np.minimum(k, 3))
    np.save("r5.npy", v * fma(a, 2.0, b) - sum(v) * k)
