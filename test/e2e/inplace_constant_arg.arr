# RUN: %e2e %s
# A helper that updates its argument in place, called on arrays made from
# constants (np.zeros, np.ones, a literal): after inlining the argument is a
# read-only constant, and the update works on a fresh copy (before: "would
# write to read-only buffer"). A second np.zeros of the same shape, the same
# constant after CSE, must stay zero; the arguments are compared after the calls.
# STDOUT-NUMPY:
import numpy as np


def count(b: f64[n], x: f64[m]):
    for v in x:
        j = int(v)
        b[j] += 1.0


def scale_first(a: f64[n], s: f64):
    a[0] = a[0] * s


def main():
    x = np.arange(20.0) % 10
    b = np.zeros(10)
    untouched = np.zeros(10)
    count(b, x)
    count(b, x[:5])
    print(b)
    print(untouched)
    w = np.ones(4)
    scale_first(w, 3.0)
    scale_first(w, 2.0)
    print(w)
    lit = np.array([1.5, 2.5, 3.5])
    scale_first(lit, -1.0)
    print(lit, np.array([1.5, 2.5, 3.5]))
