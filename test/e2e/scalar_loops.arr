# RUN: %e2e %s
# Loops of scalar steps as NumPy users write them, which the cuda target runs
# as one kernel of one thread each (arrayc-gpu-map-linalg, ScalarLoops.cpp):
# a bubble sort in place (nested loops, a comparison and a tuple swap), a
# while loop with a scalar state and a data-dependent exit, a running sum
# kept in a Python float and returned, an integer recurrence over an array
# it writes, and an argmax by hand with an `if` and an index kept across
# iterations. The arguments are compared after the call as well.
# INPUT: v f64 [37]
# INPUT: x f32 [300] positive
# INPUT: w f64 [53]
# OUTPUT: v
# OUTPUT: sorted_v
# OUTPUT: stop
# OUTPUT: dot
# OUTPUT: fib
# OUTPUT: best
import numpy as np


def bubble_sort(a):
    n = a.shape[0]
    for i in range(n):
        for j in range(n - 1 - i):
            if a[j] > a[j + 1]:
                a[j], a[j + 1] = a[j + 1], a[j]


def first_past(x, limit):
    k = 0
    s = 0.0
    while k < x.shape[0] and s < limit:
        s += x[k]
        k += 1
    return k, s


def dot_by_hand(a, b):
    total = 0.0
    for i in range(a.shape[0]):
        total += a[i] * b[i]
    return total


def fibonacci(n):
    f = np.zeros(n, dtype=np.int64)
    f[1] = 1
    for i in range(2, n):
        f[i] = f[i - 1] + f[i - 2]
    return f


def argmax_by_hand(a):
    best = 0
    for i in range(1, a.shape[0]):
        if a[i] > a[best]:
            best = i
    return best


def main():
    v: f64[n] = np.load("v.npy")
    x: f32[m] = np.load("x.npy")
    w: f64[k] = np.load("w.npy")
    sorted_v = v.copy()
    bubble_sort(sorted_v)
    k, s = first_past(x, 40.0)
    stop = np.array([k, s])
    dot = np.array(dot_by_hand(w, w[::-1]))
    fib = fibonacci(60)
    best = np.array(argmax_by_hand(w))
    np.save("v.npy", v)
    np.save("sorted_v.npy", sorted_v)
    np.save("stop.npy", stop)
    np.save("dot.npy", dot)
    np.save("fib.npy", fib)
    np.save("best.npy", best)
