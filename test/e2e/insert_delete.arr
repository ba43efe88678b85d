# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# np.insert and np.delete at one index, as NumPy users write them: the
# cumsum moving average (np.insert(x, 0, 0.0)), a bias column of ones in
# front of a design matrix (axis=1), a row inserted and a row removed at a
# run-time index, negative indices, several values at one index, and a
# float inserted into an integer array (truncated as NumPy casts). A
# float stored through a boolean mask into an integer array truncates too.
# An index out of bounds is NumPy's IndexError (insert_delete_bounds.arr).
# INPUT: x f64 [50]
# INPUT: X f64 [7, 3]
# INPUT: k i64 [9]
# OUTPUT: avg
# OUTPUT: design
# OUTPUT: grown
# OUTPUT: shrunk
# OUTPUT: flat
# OUTPUT: ends
# OUTPUT: ints
# OUTPUT: k
import numpy as np

def moving_average(x, w):
    c = np.cumsum(np.insert(x, 0, 0.0))
    return (c[w:] - c[:-w]) / w

def add_bias(X):
    return np.insert(X, 0, 1, axis=1)

def edit_rows(X, i):
    grown = np.insert(X, i, np.arange(3.0), axis=0)
    shrunk = np.delete(X, i, axis=0)
    return grown, np.delete(shrunk, 1, axis=1)

def ends(x, i):
    y = np.insert(x, -1, [7.0, 8.0])
    y = np.insert(y, len(y), -3)
    return np.delete(np.delete(y, 0), -i)

def clamp_ints(k):
    k[k > 50] = 50.9
    return np.insert(k, 2, 2.7), np.delete(k, 3)

def main():
    x: f64[n] = np.load("x.npy")
    X: f64[r, c] = np.load("X.npy")
    k: i64[m] = np.load("k.npy")
    np.save("avg.npy", moving_average(x, 5))
    np.save("design.npy", add_bias(X))
    grown, shrunk = edit_rows(X, X.shape[0] // 2)
    np.save("grown.npy", grown)
    np.save("shrunk.npy", shrunk)
    np.save("flat.npy", np.insert(X, 4, x[:2]))
    np.save("ends.npy", ends(x, 3))
    a, b = clamp_ints(k)
    np.save("ints.npy", np.concatenate((a, b)))
    np.save("k.npy", k)
