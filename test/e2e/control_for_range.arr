# RUN: %e2e %s
# Tests for loops over range(): one to three arguments, negative steps, zero
# trips (literal and run-time bounds), bounds from run-time scalars, nested
# loops, the loop index used with f32 arrays (it stays f32: a Python int).
# INPUT: x f32 [50]
# INPUT: m bool [50]
# OUTPUT: y
# OUTPUT: total
# OUTPUT: down
# OUTPUT: zero
# OUTPUT: nested
# OUTPUT: dyn
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    m: bool[n] = np.load("m.npy")
    y = x
    total = 0
    for i in range(5):
        y = y + i
        total += i * i
    np.save("y.npy", y)
    np.save("total.npy", total)
    down = x
    for j in range(10, -3, -4):
        down = down * 0.5 - (-j)
    np.save("down.npy", down)
    z = x
    for k in range(5, 5):
        z = z + 1.0
    for k in range(0, 10, -1):
        z = z + 1.0
    np.save("zero.npy", z)
    acc = 0
    for i in range(1, 4):
        for j in range(i, 0, -1):
            acc = acc * 3 + i - j
    np.save("nested.npy", acc)
    cnt = sum(m)
    d = x * 0.0
    for i in range(cnt - 3, cnt // 2, -2):
        d = d + x * i
    for i in range(cnt, 0):
        d = d + 100.0
    np.save("dyn.npy", d)
