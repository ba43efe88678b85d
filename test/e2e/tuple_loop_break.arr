# RUN: %e2e %s
# `break` and `continue` in a loop over a tuple or list display (unrolled):
# after a `break` the remaining items are skipped and the loop variable keeps
# the item it broke on; `continue` skips to the next item. The conditions
# depend on the data (run-time) and on the items (compile time).
# INPUT: a f64 [50]
# INPUT: m f32 [6, 4]
# OUTPUT: w
# OUTPUT: m
# STDOUT-NUMPY:
import numpy as np


def first_quantile_over(a: f64[n], level: f64) -> f64:
    # the first of the candidate fractions whose quantile exceeds `level`
    found = -1.0
    for q in (0.1, 0.25, 0.5, 0.75, 0.9):
        if np.quantile(a, q) > level:
            found = q
            break
    return found


def scale_rows(m: f32[r, c], limit: f32) -> i64:
    # scales m in place by each factor until a row sum passes the limit;
    # returns how many factors were applied
    applied = 0
    for f in [0.5, 2.0, 3.0, 10.0]:
        if f == 2.0:
            continue
        m *= f
        applied += 1
        if np.max(np.abs(m).sum(axis=1)) > limit:
            break
    return applied


def main():
    a: f64[k] = np.load("a.npy")
    m: f32[p, q] = np.load("m.npy")
    print(first_quantile_over(a, 0.0), first_quantile_over(a, 0.5),
          first_quantile_over(a, 100.0))
    s = 0.0
    count = 0
    for t in (0.1, 0.5, 0.9, 1.3):
        if a[count] > 1.0:
            break
        count += 1
        if a[count] < 0.0:
            continue
        s += t
    print(count, s, t)
    w = a[:10].copy()
    for v in (1.0, 2.5, 3.0):
        if np.sum(w) > 1000.0:
            break
        w = w * v
    np.save("w.npy", w)
    print(v)
    print(scale_rows(m, 4.0))
    np.save("m.npy", m)
    hits = 0
    for lo, hi in ((0.0, 0.5), (0.5, 1.0), (1.0, 2.0)):
        if lo > 0.75:
            break
        hits += int(np.sum((a >= lo) & (a < hi)))
    print(hits)
    # items of different types, the break decided by the items
    total = 0.0
    for u in (2, 0.5, 7, 1.25):
        if u == 7:
            break
        total += u
    print(total, u)
