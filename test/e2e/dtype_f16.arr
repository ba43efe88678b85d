# RUN: %e2e %s
# Tests f16 arithmetic, builtins and a (short) reduction; sqrt of i8 is f16.
# INPUT: h f16 [100]
# INPUT: g f16 [100] positive
# INPUT: s i8 [100] positive
# OUTPUT: ew
# OUTPUT: fn
# OUTPUT: sq
# OUTPUT: mx
# OUTPUT: sm 1e-2
import numpy as np

def main():
    h: f16[n] = np.load("h.npy")
    g: f16[n] = np.load("g.npy")
    s: i8[n] = np.load("s.npy")
    np.save("ew.npy", h * g + h - 1.5)
    np.save("fn.npy", exp(h) + sqrt(g) - log(g))
    np.save("sq.npy", np.sqrt(s))
    np.save("mx.npy", max(h))
    np.save("sm.npy", sum(g))
