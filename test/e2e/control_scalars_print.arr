# RUN: %e2e %s
# Tests Python scalars carried by loops and ifs (run-time Python ints, floats
# and bools) and folded integer operators, printed as Python/NumPy print them.
# INPUT: x f32 [10]
# STDOUT-NUMPY:
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    t = 1.5
    total = 0
    for i in range(3):
        t = t * 2
        total += i * i - (i // 2) + (i % 2) + (i << 1) + (i ^ 3)
    u = True
    if t > 3:
        u = False
    flag = u or total > 5
    print(t, u, total, flag, -7 // 2, -7 % 3, 5.5 % -4.0, 6 & 3, 6 | 1, 1 << 4)
    k = 10
    while k > 0:
        k -= 3
    print(k, not k, 0 <= k < 5)
