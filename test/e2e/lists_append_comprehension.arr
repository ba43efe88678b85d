# RUN: %e2e %s
# Python lists as NumPy users write them: `xs = []` and `xs.append(v)` in
# loops (a run-time number of items, appended under a condition too), list
# comprehensions over range(n) with a run-time n, over an array, nested,
# with a condition, over a tuple display; generator expressions in sum(),
# max() and min(); np.array / np.stack / len / indexing of such lists; a
# list display as an index array (a row swap); sum() of a list of arrays.
# INPUT: x f64 [37]
# INPUT: A f64 [6, 5]
# OUTPUT: hist
# OUTPUT: pos
# OUTPUT: squares
# OUTPUT: cols
# OUTPUT: pairs
# OUTPUT: evens
# OUTPUT: tot
# OUTPUT: big
# OUTPUT: small
# OUTPUT: nb
# OUTPUT: rows
# OUTPUT: swapped
# OUTPUT: perm
# OUTPUT: acc
# OUTPUT: scaled
import numpy as np


def running_means(x, steps):
    hist = []
    m = 0.0
    for k in range(steps):
        m = 0.5 * m + x[k]
        hist.append(m)
    return np.array(hist)


def main():
    x: f64[n] = np.load("x.npy")
    A: f64[r, c] = np.load("A.npy")
    hist = running_means(x, len(x) // 2)
    pos = []
    for v in x:
        if v > 0.5:
            pos.append(v * 2.0)
    pos = np.array(pos)
    squares = np.array([i * i for i in range(len(x))])
    cols = np.stack([A[:, j] * 2.0 for j in range(A.shape[1])])
    pairs = np.array([i * 10 + j for i in range(3) for j in range(i)])
    evens = np.array([v for v in x if v < 0.3])
    tot = sum(x[k] * x[k] for k in range(5))
    big = max(v for v in x)
    small = min([x[0], x[3], x[7]])
    nb = len([v for v in x if v > 0.2])
    rows = []
    for i in range(A.shape[0]):
        rows.append(A[i] + i)
    rows = np.array(rows)
    k = 1
    p = 4
    swapped = A[[p, k, 0]]
    perm = np.arange(6)
    perm[[k, p]] = perm[[p, k]]
    acc = sum(np.roll(A, s, axis=0) for s in (-1, 0, 1))
    scaled = np.array([w * 3.0 for w in (x[0], x[1], 2.5)])
    np.save("hist.npy", hist)
    np.save("pos.npy", pos)
    np.save("squares.npy", squares)
    np.save("cols.npy", cols)
    np.save("pairs.npy", pairs)
    np.save("evens.npy", evens)
    np.save("tot.npy", tot)
    np.save("big.npy", big)
    np.save("small.npy", small)
    np.save("nb.npy", nb)
    np.save("rows.npy", rows)
    np.save("swapped.npy", swapped)
    np.save("perm.npy", perm)
    np.save("acc.npy", acc)
    np.save("scaled.npy", scaled)
