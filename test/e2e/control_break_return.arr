# RUN: %e2e %s
# Tests break, continue and return inside if/for/while: a search loop with
# break, while True with break, an early return from nested loops, a function
# returning a tuple from inside a loop, and the loop variable after its loop.
# INPUT: x f32 [40]
# STDOUT-NUMPY:
# OUTPUT: y
import numpy as np

def first_above(x: f32[n], t: f32) -> i64:
    for i in range(x.shape[0]):
        if x[i] > t:
            return i
    return -1

def find_pair(x: f32[n]) -> (i64, i64):
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            if x[i] + x[j] > 3.0:
                return i, j
    return -1, -1

def clip_sum(x: f32[n]) -> f32:
    s = x[0] * 0.0
    k = 0
    while True:
        if k >= len(x):
            break
        k += 1
        if x[k - 1] < 0:
            continue
        s += x[k - 1]
    return s

def main():
    x: f32[n] = np.load("x.npy")
    print(first_above(x, 1.0), first_above(x, 100.0))
    print(find_pair(x))
    print(clip_sum(x))
    count = 0
    for i in range(10):
        if i == 2:
            continue
        if i == 6:
            break
        count += i
    print(count, i)
    y = x * 1.0
    for i in range(1, len(x)):
        y[i] = y[i - 1] * 0.5 + x[i]
    np.save("y.npy", y)
    n_iter = 0
    while n_iter < 100:
        n_iter += 1
        if n_iter * n_iter > 50:
            break
    print(n_iter)
    if x[0] > 0:
        print("positive first")
        return
    print("not positive first")
