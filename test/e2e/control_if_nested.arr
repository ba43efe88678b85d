# RUN: %e2e %s
# Tests if/elif/else on scalar conditions (0-d arrays, NumPy truthiness of
# numbers, not/and/or, chained comparisons) in a helper function and in main,
# nested, with arrays and scalars assigned in the branches.
# INPUT: x f32 [64]
# INPUT: k i32 [64] range=-3:4
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: d
import numpy as np

def classify(x: f32[n], s: f32) -> f32[n]:
    if s > 1.0:
        if s > 5.0:
            y = x * 4.0
        else:
            y = x * 2.0
    elif -1.0 <= s <= 1.0:
        y = x + s
    else:
        y = -x
    return y

def main():
    x: f32[n] = np.load("x.npy")
    k: i32[n] = np.load("k.npy")
    s = sum(x)
    a = classify(x, s)
    t = sum(k)
    if t:
        b = x * 3.0
    else:
        b = x
    count = 0
    if not (t > 0) or t == 7:
        count = count + 1
    if 0 <= t < 1000 and not t == 3:
        count = count + 10
    c = b * count
    flag = max(k) > 2
    d = x
    if flag:
        d = d - 1.0
    if 3 > 2:
        d = d * 2.0
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("d.npy", d)
