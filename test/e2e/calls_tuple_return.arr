# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Tests calls between functions: definition after use, nested calls, tuple
# returns and unpacking, scalar returns, keyword and literal arguments, and a
# literal dim at the caller filling a named dim.
# INPUT: x f32 [256]
# INPUT: y f32 [256]
# INPUT: w f32 [4]
# OUTPUT: d 1e-5
# OUTPUT: s 1e-5
# OUTPUT: lo
# OUTPUT: hi
# OUTPUT: scaled
# OUTPUT: ws 1e-5
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    y: f32[n] = np.load("y.npy")
    w: f32[4] = np.load("w.npy")
    d, s = dist(x, y)
    lo, hi = bounds(d)
    np.save("d.npy", d)
    np.save("s.npy", s)
    np.save("lo.npy", lo)
    np.save("hi.npy", hi)
    np.save("scaled.npy", scale(s=0.5, v=x))
    a, b = stats(w)
    np.save("ws.npy", a + b)

def dist(x: f32[n], y: f32[n]) -> (f32[n], f32):
    d = sqdiff(x, y)
    return d, sum(d)

def sqdiff(x: f32[n], y: f32[n]) -> f32[n]:
    return (x - y) * (x - y)

def bounds(v: f32[n]) -> (f32, f32):
    return min(v), max(v)

def scale(v: f32[n], s: f32) -> f32[n]:
    return v * s

def stats(v: f32[k]) -> (f32, f32[k]):
    return sum(v), scale(v, 2)
