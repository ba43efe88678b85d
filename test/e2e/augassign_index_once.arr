# RUN: %e2e %s
# Tests that `x[idx] op= y` evaluates idx once (Python's rule): with random
# indices, the element read and the element written are the same one, and a
# random slice start gives one slice for both the read and the store.
# OUTPUT: one
# OUTPUT: slice
import numpy as np

def main():
    np.random.seed(7)
    one = True
    sl = True
    for t in range(20):
        x = np.arange(10.0)
        x[np.random.randint(0, 10)] += 100.0
        one = one and (np.max(x) - 100.0 == np.argmax(x)) and (np.sum(x) == 145.0)
        y = np.arange(10.0)
        y[np.random.randint(0, 10):] += 1.0
        d = y - np.arange(10.0)
        sl = sl and np.all(d[1:] >= d[:-1]) and np.all((d == 0.0) | (d == 1.0)) and d[9] == 1.0
    np.save("one.npy", one)
    np.save("slice.npy", sl)
