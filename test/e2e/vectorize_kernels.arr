# RUN: %e2e %s
# Scalar functions with branches, loops and math applied elementwise
# (@vectorize, NumPy's np.vectorize in the reference): broadcasting of three
# operands, f64/f32/i64 arguments, Python numbers as arguments, two results,
# helpers called from the scalar body, and a call inside a function whose
# array code fuses with it.
# INPUT: x f64 [300]
# INPUT: A f32 [20, 30]
# INPUT: b f32 [30]
# INPUT: k i64 [20, 1] range=1:60
# OUTPUT: y
# OUTPUT: Z 1e-5
# OUTPUT: W
# OUTPUT: steps
# OUTPUT: rho
# OUTPUT: theta
# OUTPUT: q
import numpy as np

SLOPE = 0.05

@vectorize
def leaky(v, slope):
    if v > 0:
        return v
    elif v > -1.0:
        return slope * v
    return -slope + 0.5 * np.tanh(v + 1.0)

def square(t):
    return t * t

@vectorize
def poly_steps(a, b, n):
    s = 0.0
    t = a
    for i in range(n % 5):
        s += t * (i + 1)
        t = t * np.cos(b)
    return s + square(a)

@vectorize
def collatz(m):
    steps = 0
    while m != 1 and steps < 500:
        if m % 2 == 0:
            m = m // 2
        else:
            m = 3 * m + 1
        steps += 1
    return steps

@vectorize
def polar(px, py):
    r = np.sqrt(px * px + py * py)
    return r, np.arctan2(py, px)

@vectorize
def clipped_log(v, lo):
    w = abs(v)
    w = max(w, lo)
    if w > 3.0:
        w = 3.0 + np.log(w - 2.0)
    return np.log(w) + w * 0.75

def fused(A: f32[r, c], b: f32[c]) -> f32[r, c]:
    return np.exp(-poly_steps(A, b, 3)) * 2.0 + A

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    b: f32[c] = np.load("b.npy")
    k: i64[r, 1] = np.load("k.npy")
    y = leaky(x, SLOPE)
    Z = fused(A, b)
    W = poly_steps(A, b, k)
    steps = collatz(k * 3 + 1)
    rho, theta = polar(x[:-1], x[1:])
    # lo as f32: with a Python float, max(w, lo) returns it where |4A| < 0.01,
    # and np.vectorize takes its output dtype (f64) from the first element.
    q = clipped_log(A * 4.0, np.float32(0.01))
    np.save("y.npy", y)
    np.save("Z.npy", Z)
    np.save("W.npy", W)
    np.save("steps.npy", steps)
    np.save("rho.npy", rho)
    np.save("theta.npy", theta)
    np.save("q.npy", q)
