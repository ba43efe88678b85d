# RUN: %e2e %s
# Lists built by one append per iteration of a loop over a run-time range
# (a comprehension, or `xs.append(v)` as the loop's only use of xs): the
# list is allocated once with its final length and each item written into
# its slot (GenControlFlow.cpp). As NumPy users write them: per-feature
# squared differences summed with np.add.reduce (an RBF kernel), rows
# stacked with np.stack, an empty range, a list with items before the loop,
# two lists in one loop, items whose sizes are run-time values, and the
# cases that keep the append: a conditional append, a loop that reads the
# list, a `continue`.
# INPUT: X f64 [23, 5]
# INPUT: v f64 [9]
# INPUT: m i64 [] range=0:1
# OUTPUT: K
# OUTPUT: rows
# OUTPUT: none
# OUTPUT: nlen
# OUTPUT: grown
# OUTPUT: sq
# OUTPUT: cubes
# OUTPUT: pos
# OUTPUT: lens
# OUTPUT: skipped
# OUTPUT: means
import numpy as np


def rbf_kernel(X, gamma=0.5):
    sq = [np.subtract.outer(X[:, j], X[:, j]) ** 2 for j in range(X.shape[1])]
    return np.exp(-gamma * np.add.reduce(sq))


def stacked_rows(X):
    rows = []
    for i in range(X.shape[0]):
        rows.append(X[i] * (i + 1.0))
    return np.stack(rows)


def main():
    X: f64[n, d] = np.load("X.npy")
    v: f64[k] = np.load("v.npy")
    m: i64 = np.load("m.npy")  # 0: an empty range
    K = rbf_kernel(X)
    rows = stacked_rows(X)
    none = np.array([v[j] * 2.0 for j in range(m)])
    nlen = len([v[j] for j in range(m)])
    grown = [v * 0.5, v + 1.0]
    for j in range(len(v) // 2):
        grown.append(v * j)
    grown = np.array(grown)
    sq = []
    cubes = []
    for j in range(X.shape[1]):
        sq.append(X[:, j] ** 2)
        cubes.append(X[:, j] ** 3)
    sq = np.sum(np.array(sq), axis=0)
    cubes = np.mean(np.array(cubes), axis=0)
    pos = []
    for j in range(len(v)):
        if v[j] > 0.0:
            pos.append(v[j])
    pos = np.array(pos)
    lens = []
    for j in range(4):
        lens.append(len(lens) + j)
    lens = np.array(lens)
    skipped = []
    for j in range(len(v)):
        if j % 3 == 0:
            continue
        skipped.append(v[j] * j)
    skipped = np.array(skipped)
    means = [X[: j + 1].mean(axis=0) for j in range(X.shape[0])]
    means = np.add.reduce(means) / X.shape[0] + means[2]
    np.save("K.npy", K)
    np.save("rows.npy", rows)
    np.save("none.npy", none)
    np.save("nlen.npy", nlen)
    np.save("grown.npy", grown)
    np.save("sq.npy", sq)
    np.save("cubes.npy", cubes)
    np.save("pos.npy", pos)
    np.save("lens.npy", lens)
    np.save("skipped.npy", skipped)
    np.save("means.npy", means)
