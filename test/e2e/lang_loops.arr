# RUN: %e2e %s
# RUN: %e2e --mode=aot %s
# Loops as Python users write them: over an array's items, over a matrix's
# rows (views: writing a row writes the matrix), enumerate (with a start),
# zip of arrays of different lengths (stops at the shortest), unpacking;
# `;` between statements and chained assignment `a = b = ...` (one array
# under both names, as in NumPy); a variable first assigned in a loop that
# surely runs, used after it.
# INPUT: x f64 [29]
# INPUT: y f64 [17]
# INPUT: A f32 [6, 5]
# OUTPUT: total
# OUTPUT: weighted
# OUTPUT: dot
# OUTPUT: A1
# OUTPUT: rowsums
# OUTPUT: a
# OUTPUT: b
# OUTPUT: c
# OUTPUT: count
# OUTPUT: last
# OUTPUT: step
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    y: f64[m] = np.load("y.npy")
    A: f32[r, k] = np.load("A.npy")
    total = 0.0
    for v in x:
        total += v * v
    weighted = np.zeros(x.shape[0])
    for i, v in enumerate(x):
        weighted[i] = v * i
    for j, v in enumerate(y, start=2):
        weighted[j] += v
    dot = 0.0
    for p, q in zip(x, y):
        dot += p * q
    for row in A:
        row[:] = row * 2.0
        row[0] = 1.0
    rowsums = np.zeros(A.shape[0], dtype=np.float32)
    for i, row in enumerate(A):
        rowsums[i] = row.sum()
    a = b = np.zeros(4)
    a += 1.0; b[2] = 5.0
    c = count = 0
    for v in y: count += 1; c = c + 2
    for s in range(1, 4):
        last = np.ones(3) * s + x.sum()
        step = s * 0.5
    np.save("last.npy", last)
    np.save("step.npy", step)
    np.save("total.npy", total); np.save("weighted.npy", weighted)
    np.save("dot.npy", dot)
    np.save("A1.npy", A)
    np.save("rowsums.npy", rowsums)
    np.save("a.npy", a)
    np.save("b.npy", b)
    np.save("c.npy", c)
    np.save("count.npy", count)
