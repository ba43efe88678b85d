# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# The operator ufuncs under their NumPy names: np.true_divide,
# np.floor_divide, np.remainder and np.mod on floats and integers of both
# signs (NumPy's sign rules: the result of % takes the divisor's sign),
# np.mod.outer, and np.floor_divide in a scalar loop.
# INPUT: x f64 [100]
# INPUT: k i64 [100]
# OUTPUT: q
# OUTPUT: fq
# OUTPUT: fm
# OUTPUT: iq
# OUTPUT: im
# OUTPUT: outer
# OUTPUT: total 1e-12
import numpy as np

def wrapped_sum(x, n):
    t = 0.0
    for i in range(n):
        t += np.mod(x[i], 0.3) + np.floor_divide(x[i], 0.2)
    return t

def main():
    x: f64[n] = np.load("x.npy")
    k: i64[m] = np.load("k.npy")
    np.save("q.npy", np.true_divide(k, 7))
    np.save("fq.npy", np.floor_divide(x, -0.7))
    np.save("fm.npy", np.mod(x, -0.7) + np.remainder(x, 0.4))
    np.save("iq.npy", np.floor_divide(k, 3))
    np.save("im.npy", np.mod(k, -4) + np.remainder(-k, 5))
    np.save("outer.npy", np.mod.outer(k[:5], np.array([3, -3, 7])))
    np.save("total.npy", np.array([wrapped_sum(x, 20)]))
