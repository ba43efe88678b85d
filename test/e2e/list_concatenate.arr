# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Arrays collected in a Python list inside a loop and joined afterwards, as
# NumPy users write it: np.concatenate of slices picked in a loop (the count
# known only at run time), np.vstack of rows into a matrix, np.hstack of
# column blocks, concatenate along axis=1 / axis=None, and vstack/hstack of
# scalars. An empty list is NumPy's ValueError (list_concatenate_empty.arr).
# INPUT: x f64 [40]
# INPUT: A f64 [6, 5]
# OUTPUT: picked
# OUTPUT: rows
# OUTPUT: cols
# OUTPUT: side
# OUTPUT: flat
# OUTPUT: col
# OUTPUT: line
import numpy as np

def above_windows(x, thr):
    # Every window of 3 that starts at a value above thr.
    parts = []
    for i in range(x.shape[0] - 2):
        if x[i] > thr:
            parts.append(x[i:i + 3].copy())
    return np.concatenate(parts)

def scaled_rows(A):
    rows = []
    for i in range(A.shape[0]):
        rows.append(A[i] / (i + 1))
    return np.vstack(rows)

def col_blocks(A, k):
    blocks = []
    for j in range(k):
        blocks.append(A[:, j:j + 2] * j)
    return np.hstack(blocks), np.concatenate(blocks, axis=1), np.concatenate(blocks, axis=None)

def running_means(x):
    means = []
    total = 0.0
    for i in range(x.shape[0]):
        total += x[i]
        means.append(total / (i + 1))
    return np.vstack(means), np.hstack(means)

def main():
    x: f64[n] = np.load("x.npy")
    A: f64[r, c] = np.load("A.npy")
    np.save("picked.npy", above_windows(x, -0.5))
    np.save("rows.npy", scaled_rows(A))
    side, cols, flat = col_blocks(A, 3)
    np.save("cols.npy", cols)
    np.save("side.npy", side)
    np.save("flat.npy", flat)
    col, line = running_means(x)
    np.save("col.npy", col)
    np.save("line.npy", line)
