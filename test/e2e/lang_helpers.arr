# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Python as people write it: unannotated helpers typed at each call (one
# specialization per argument types: f32 and f64 arrays, a matrix, a Python
# float), default parameter values and keyword arguments, one-line
# functions, and module-level constants (numbers and tuples of numbers).
# INPUT: x f64 [37]
# INPUT: y f32 [37]
# INPUT: A f64 [5, 6]
# OUTPUT: r1
# OUTPUT: r2
# OUTPUT: r3
# OUTPUT: r4
# OUTPUT: r5
# OUTPUT: r6
# OUTPUT: total
import numpy as np

ALPHA = 0.25
SHAPE = (4, 3)
LO, HI = -0.5, 0.5
STEPS = 3
GAIN = ALPHA * 2 + 1

def relu(v):
    return np.maximum(v, 0.0)

def double(v): return v * 2

def leaky(v, slope=0.01, shift=0.0):
    return np.where(v > 0, v, slope * v) + shift

def norm2(v):
    return np.sqrt(np.sum(v * v))

def main():
    x: f64[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    A: f64[r, c] = np.load("A.npy")
    r1 = relu(x) + double(x)
    r2 = relu(y) * GAIN + leaky(y)
    r3 = leaky(A, shift=1.0) + leaky(A, 0.2)
    r4 = np.ones(SHAPE) * ALPHA + relu(np.ones(SHAPE, dtype=np.float32))
    r5 = leaky(x, slope=ALPHA)
    r6 = double(3.5) + double(2) + relu(-1.5)
    total = norm2(x) + norm2(A) + norm2(y)
    np.save("r1.npy", r1)
    np.save("r2.npy", r2)
    np.save("r3.npy", r3)
    np.save("r4.npy", r4)
    np.save("r5.npy", r5)
    np.save("r6.npy", r6)
    np.save("total.npy", total)
