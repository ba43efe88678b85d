# RUN: %e2e %s
# Parameters annotated with Python's `float` and `int` take Python numbers,
# weak as NEP 50 makes them: a layer norm in f32 whose epsilon and gain are
# Python numbers stays f32, an i32 counter stepped by an int stays i32, and
# the same int parameter drives a loop.
# INPUT: x f32 [16, 32]
# INPUT: k i32 [50] range=-1000:1000
# OUTPUT: y 1e-5
# OUTPUT: kk
# OUTPUT: acc 1e-5
import numpy as np


def normalize(x: f32[n, d], eps: float, gain: int) -> f32[n, d]:
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gain * (x - mean) / np.sqrt(var + eps)


def step(k: i32[m], by: int, times: int) -> i32[m]:
    for i in range(times):
        k = k + by
    return k


def accumulate(x: f32[n, d], rate: float, steps: int) -> f32[d]:
    acc = np.zeros(x.shape[1], dtype=np.float32)
    for i in range(steps):
        acc = acc * (1.0 - rate) + rate * x[i % x.shape[0]]
    return acc


def main():
    x: f32[n, d] = np.load("x.npy")
    k: i32[m] = np.load("k.npy")
    np.save("y.npy", normalize(x, 1e-5, 2))
    np.save("kk.npy", step(k, 3, 4))
    np.save("acc.npy", accumulate(x, 0.25, 20))
