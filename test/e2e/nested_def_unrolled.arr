# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# A nested `def` in the body of a loop over a tuple or list display, which
# arrayc unrolls: each item defines its own function (reading that item's
# loop variable, an int on one item and a float on the next), a nested
# function of the body calls the item's other one, a `def` inside an `if`
# of the body, loops over tuples nested with a `def` in the inner body, and
# after the loop the name is the last item's function.
# INPUT: x f64 [10]
# OUTPUT: per_item
# OUTPUT: calls_other
# OUTPUT: after_loop
# OUTPUT: in_if
# OUTPUT: nested_loops
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    acc = np.zeros(len(x))
    for k in (1, 2.0, -3):
        def f(a):
            return a * k
        acc = acc + f(x)
    np.save("per_item.npy", acc)

    total = 0.0
    for s in (1.0, 10):
        def scale(a):
            return a * s
        def both(a):
            return scale(a).sum() + s
        total = total + both(x)
    np.save("calls_other.npy", total)
    np.save("after_loop.npy", f(x) + scale(x))

    out = x.copy()
    for p in (2, 0.5):
        if x.size > 0:
            def h(a):
                return a * p + 1
            out = h(out)
    np.save("in_if.npy", out)

    grid = np.zeros(len(x))
    for a in (1, 2):
        for b in (3, 4.5):
            def g(v):
                return v * a + b
            grid = grid + g(x)
    np.save("nested_loops.npy", grid + g(x))
