# RUN: %e2e %s
# Tests a while loop on a scalar residual: Newton's iteration for sqrt(a),
# the array and the iteration count carried by the loop; `and` of scalars.
# INPUT: a f64 [500] positive
# OUTPUT: x
# OUTPUT: it
# OUTPUT: res
import numpy as np

def newton_sqrt(a: f64[n]) -> f64[n]:
    x = a
    res = max(abs(x * x - a))
    it = 0
    while res > 1e-12 and it < 100:
        x = 0.5 * (x + a / x)
        res = max(abs(x * x - a))
        it += 1
    return x

def main():
    a: f64[n] = np.load("a.npy")
    x = a
    res = max(abs(x * x - a))
    it = 0
    while res > 1e-12 and it < 100:
        x = 0.5 * (x + a / x)
        res = max(abs(x * x - a))
        it = it + 1
    np.save("x.npy", newton_sqrt(a) - x + x)
    np.save("it.npy", it)
    np.save("res.npy", res < 1e-12)
