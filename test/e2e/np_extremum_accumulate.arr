# RUN: %e2e %s
# Tests np.maximum.accumulate and np.minimum.accumulate (1-d with NaNs, 2-d
# along each axis, ints, empty and run-time lengths) and a drawdown helper
# as NumPy users write it.
# INPUT: x f64 [1000] nan
# INPUT: A f32 [7, 33]
# INPUT: k i32 [50]
# INPUT: e f64 [0]
# INPUT: r f64 [300]
# OUTPUT: m0
# OUTPUT: m1
# OUTPUT: m2
# OUTPUT: m3
# OUTPUT: m4
# OUTPUT: m5
# OUTPUT: dd
import numpy as np

def drawdown(equity: f64[n]) -> f64[n]:
    peak = np.maximum.accumulate(equity)
    return equity / peak - 1

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[a, b] = np.load("A.npy")
    k: i32[m] = np.load("k.npy")
    e: f64[z] = np.load("e.npy")
    r: f64[p] = np.load("r.npy")
    np.save("m0.npy", np.maximum.accumulate(x))
    np.save("m1.npy", np.minimum.accumulate(A))
    np.save("m2.npy", np.maximum.accumulate(A, axis=1))
    np.save("m3.npy", np.minimum.accumulate(k))
    np.save("m4.npy", np.maximum.accumulate(e))
    np.save("m5.npy", np.maximum.accumulate(np.abs(x[3:]), axis=-1))
    equity = np.cumprod(1 + 0.01 * r)
    np.save("dd.npy", drawdown(equity))
