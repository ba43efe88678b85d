# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Nested functions as NumPy users write them: a helper used twice with
# arrays of different shapes and dtypes, a closure reading an enclosing
# variable that changes between calls (late binding: each call sees the
# current value), a helper writing into its array argument and into an
# enclosing array, a helper calling a module-level function and another
# nested one, a nested function inside a nested one, named lambdas, and a
# nested function and a lambda that read no enclosing variable passed to
# np.fromfunction.
# INPUT: x f64 [40]
# INPUT: A f32 [6, 7]
# INPUT: v f64 [12]
# OUTPUT: smoothed
# OUTPUT: rows
# OUTPUT: late
# OUTPUT: v1
# OUTPUT: x1
# OUTPUT: chained
# OUTPUT: lam
# OUTPUT: grid
import numpy as np

def center(a):
    return a - a.mean()

def smooth(x: f64[n]) -> f64[n]:
    def kernel(a, b):
        return 0.5 * (a + b)
    y = x.copy()
    y[1:] = kernel(x[1:], x[:-1])
    return y

def smooth_rows(A: f32[r, c]) -> f32[r, c]:
    # One helper, called with 1-d f32 rows and a 2-d f32 block and f64 data.
    def avg(a, b):
        return (a + b) / 2
    B = A.copy()
    B[0] = avg(A[0], A[1])
    B[1:3, :] = avg(A[1:3, :], A[2:4, :])
    B[5, 0] = avg(A[5, 0], np.float32(avg(1.0, 3.0)))
    return B

def late_binding(x: f64[n]) -> f64[n]:
    scale = 2.0
    def scaled(a):
        return a * scale
    first = scaled(x)
    scale = -3.0        # the next call sees the new value
    second = scaled(x)
    total = first + second
    for k in range(3):
        scale = float(k)
        total = total + scaled(x[::-1])
    return total

def update_in_place(v: f64[m], x: f64[n]):
    offset = 1.5
    def bump(a, by):
        a += by + offset     # writes the caller's array
    def clamp_into_x(lo):
        x[:3] = np.maximum(x[:3], lo)   # writes the enclosing function's array
    bump(v, 2.0)
    bump(v[::3], -10.0)      # through a view
    clamp_into_x(0.25)

def chain(x: f64[n]) -> f64[n]:
    w = 3.0
    def inner(a):
        return center(a) * w         # a module-level function, a closure
    def outer(a):
        def twice(b):
            return inner(inner(b))   # nested twice, calling a sibling
        return twice(a) + 1.0
    r = outer(x)
    w = 0.5
    return r + outer(x[::-1])

def lambdas(x: f64[n]) -> f64[n]:
    p = 2
    sq = lambda a: a ** p
    r = sq(x)
    p = 3
    return r + sq(x) + (lambda a, k=1.0: a * k)(x)

def main():
    x: f64[n] = np.load("x.npy")
    A: f32[r, c] = np.load("A.npy")
    v: f64[m] = np.load("v.npy")
    np.save("smoothed.npy", smooth(x))
    np.save("rows.npy", smooth_rows(A))
    np.save("late.npy", late_binding(x))
    x2 = x.copy()
    update_in_place(v, x2)
    np.save("v1.npy", v)
    np.save("x1.npy", x2)
    np.save("chained.npy", chain(x))
    np.save("lam.npy", lambdas(x))
    def ramp(i, j):
        return i * 10 + j
    np.save("grid.npy", np.fromfunction(ramp, (3, 4)) +
            np.fromfunction(lambda i, j: i - 2 * j, (3, 4)))
