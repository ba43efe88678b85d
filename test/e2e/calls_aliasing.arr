# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests value semantics across calls: a function returning its argument, the
# same array twice in a tuple, an unchanged input next to a computed one,
# a scalar parameter returned as is, and saving one value under two names.
# INPUT: x f32 [33, 5]
# INPUT: s f64 []
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: x2
# OUTPUT: d
# OUTPUT: e
# OUTPUT: s2
import numpy as np

def ident(x: f32[n, m]) -> f32[n, m]:
    return x

def twice(x: f32[n, m]) -> (f32[n, m], f32[n, m]):
    return x, x

def keep_and_double(x: f32[n, m]) -> (f32[n, m], f32[n, m]):
    y = x
    return y, x * 2

def sid(s: f64) -> f64:
    return s

def main():
    x: f32[n, m] = np.load("x.npy")
    s: f64 = np.load("s.npy")
    a, b = twice(x)
    c = ident(a)
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("x2.npy", x)
    d, e = keep_and_double(ident(x))
    np.save("d.npy", d)
    np.save("e.npy", e)
    np.save("s2.npy", sid(sid(s)))
