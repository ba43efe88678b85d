# RUN: %e2e %s
# Tests print of literals and of exact integer results (every element of x
# is 1, so the sums are known); sep= and end=.
# INPUT: x i32 [10] range=1:2
# INPUT: y i64 [3, 4] range=2:3
# STDOUT: 1 2.5 True None
# STDOUT: 10
# STDOUT: 24
# STDOUT: 1-2
# STDOUT: done!
import numpy as np

def main():
    x: i32[n] = np.load("x.npy")
    y: i64[a, b] = np.load("y.npy")
    print(1, 2.5, True, None)
    print(sum(x))
    print(np.sum(y))
    print(1, 2, sep="-")
    print("done", end="!\n")
