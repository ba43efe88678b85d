# RUN: %e2e %s
# User combine functions folded over arrays (@reduction; the reference folds
# the same Python function over the axes in order): a max-abs, a product of
# (1 + x), a log-sum-exp combine with a branch, all elements and one axis
# (negative, keepdims) of run-time-sized arrays, f32 and i64 dtypes, a
# producer fused into the reduction, and empty arrays giving the identity.
# INPUT: x f64 [1000]
# INPUT: y f64 [1000]
# INPUT: M f64 [45, 37]
# INPUT: A f32 [23, 300]
# INPUT: k i64 [257] range=-1000:1000
# INPUT: e f64 [0]
# OUTPUT: amax
# OUTPUT: growth 1e-9
# OUTPUT: lse 1e-9
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: colsA
# OUTPUT: kmax
# OUTPUT: kprod
# OUTPUT: fused 1e-12
# OUTPUT: empty_prod
# OUTPUT: empty_max
# OUTPUT: empty_rows
import numpy as np

@reduction(identity=0.0)
def absmax(a, b):
    return max(a, abs(b))

@reduction(identity=1.0)
def product(a, b):
    return a * b

@reduction(identity=-np.inf)
def logaddexp(a, b):
    hi = max(a, b)
    if hi == -np.inf:
        return hi
    return hi + np.log(np.exp(a - hi) + np.exp(b - hi))

@reduction(identity=1)
def mulmod(a, b):
    return (a * b) % 1000003

@reduction(identity=0)
def iabsmax(a, b):
    return max(a, abs(b))

def scaled_peak(x: f64[n], y: f64[n]) -> f64:
    return absmax(x * y)

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[n] = np.load("y.npy")
    M: f64[r, c] = np.load("M.npy")
    A: f32[p, q] = np.load("A.npy")
    k: i64[m] = np.load("k.npy")
    e: f64[z] = np.load("e.npy")
    np.save("amax.npy", absmax(x))
    np.save("growth.npy", product(1.0 + x * 0.01))
    np.save("lse.npy", logaddexp(x * 3.0))
    np.save("rows.npy", absmax(M, axis=1))
    np.save("cols.npy", absmax(M, axis=-2, keepdims=True))
    np.save("colsA.npy", absmax(A, axis=0))
    np.save("kmax.npy", iabsmax(k))
    np.save("kprod.npy", mulmod(k % 1000 + 1000))
    np.save("fused.npy", scaled_peak(x, y))
    np.save("empty_prod.npy", product(e))
    np.save("empty_max.npy", absmax(e))
    np.save("empty_rows.npy", logaddexp(M[:, :0], axis=1))
