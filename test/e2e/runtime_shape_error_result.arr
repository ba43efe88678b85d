# RUN: %e2e %s
# Tests that a returned size that must equal a parameter's dim (the result
# is declared f64[n]) and is only known at run time is checked when the
# function returns (a call whose size agrees runs first).
# INPUT: x f64 [6]
# EXPECT-EXIT: 1
# EXPECT-ERROR: runtime_shape_error_result.arr:11:5: 'first' returns an array whose dimension 0 has size 4 where its signature declares f64[n] with 'n' (6)
import numpy as np

def first(x: f64[n], k: i64) -> f64[n]:
    return x[:k] * 2.0

def main():
    x: f64[n] = np.load("x.npy")
    y = first(x, 6)
    print(y.shape[0])
    np.save("z.npy", first(x, 4) + y)
