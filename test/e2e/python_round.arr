# RUN: %e2e %s
# Python's round(): with one argument a scalar rounds half to even to an int,
# so it can index an array and bound a range(); with ndigits it stays a float;
# round of an array is np.round (a float array). The reference runs Python's
# round on scalars (NumPy scalars included) and np.round on arrays.
# INPUT: a f64 [40]
# OUTPUT: b
# STDOUT-NUMPY:
import numpy as np


def pick(a: f64[n], frac: f64) -> f64:
    i = round(frac * (a.shape[0] - 1))
    return a[i]


def count_to(x: f64) -> i64:
    total = 0
    for k in range(round(x)):
        total += k
    return total


def bump(b: f64[n], x: f64):
    # writes its argument: b is compared after the call
    j = round(x)
    b[j] += 1.0
    b[round(x * 2.0)] -= 0.5


@vectorize
def nearest_step(x: f64, steps: i64) -> f64:
    k = min(max(round(x * steps), -steps), steps)
    return k / steps


def main():
    a: f64[m] = np.load("a.npy")
    print(pick(a, 0.25), pick(a, 0.5), pick(a, 1.0))
    print(count_to(4.5), count_to(5.5), count_to(6.49), count_to(2.51))
    print(round(2.5), round(3.5), round(-0.5), round(-1.5), round(-2.6), round(0.5))
    print(round(7), round(-3), round(True))
    x = 2.5
    y = -3.5
    print(round(x), round(y), round(x) + 1, round(x) * 3)
    print(round(a[3] * 10.0) == np.rint(a[3] * 10.0), np.sum(a) * 0.0 + round(1.5))
    print(round(np.float32(4.5)), round(np.sum(a[:0]) + 6.5))
    print(round(3.14159, 2), round(-2.71828, 3), round(1234.5678, -2), round(0.125, 2))
    print(round(x, 0), round(x * 1.7, 1))
    r = round(a, 2)
    print(r.dtype, r.shape, np.sum(r == np.round(a, 2)))
    print(round(a * 3.0).dtype, np.sum(round(a * 3.0) == np.round(a * 3.0)))
    b = np.arange(10.0)
    bump(b, 2.5)
    bump(b, 3.5)
    bump(b, 0.4)
    np.save("b.npy", b)
    print(b)
    print(nearest_step(np.array([0.5, 0.25, -0.375, 0.125, 2.0, -0.0625]), 4))
    print(nearest_step(a[:6], 8))
    n = round(len(a) * 0.3)
    print(n, a[:n].shape, np.arange(10)[round(4.6)])
