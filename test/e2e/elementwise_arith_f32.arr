# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests + - * / ** and unary minus on f32 arrays of one shape.
# INPUT: x f32 [1000]
# INPUT: y f32 [1000] positive
# OUTPUT: add
# OUTPUT: sub
# OUTPUT: mul
# OUTPUT: div
# OUTPUT: pow
# OUTPUT: neg
import numpy as np

def arith(x: f32[n], y: f32[n]) -> (f32[n], f32[n], f32[n], f32[n], f32[n], f32[n]):
    return x + y, x - y, x * y, x / y, y ** x, -x

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    a, s, m, d, p, g = arith(x, y)
    np.save("add.npy", a)
    np.save("sub.npy", s)
    np.save("mul.npy", m)
    np.save("div.npy", d)
    np.save("pow.npy", p)
    np.save("neg.npy", g)
