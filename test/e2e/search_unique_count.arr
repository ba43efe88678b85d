# RUN: %e2e %s
# Searching and counting as NumPy users write them: an empirical CDF with
# np.searchsorted (both sides, scalar and array queries, a sorter), the
# distinct values of integer data with their counts, first indices and the
# inverse that rebuilds the data, np.bincount with weights and minlength,
# np.flatnonzero of run starts, and np.array_equal as a loop's stop test.
# INPUT: x f64 [50]
# INPUT: q f64 [7, 3]
# INPUT: t i64 [40] range=0:9
# INPUT: w f64 [40]
# OUTPUT: cdf
# OUTPUT: left
# OUTPUT: right
# OUTPUT: at0
# OUTPUT: viasorter
# OUTPUT: vals
# OUTPUT: first
# OUTPUT: inv
# OUTPUT: rebuilt
# OUTPUT: cnt
# OUTPUT: ucnt
# OUTPUT: counts
# OUTPUT: sums
# OUTPUT: starts
# OUTPUT: steps
# OUTPUT: same
import numpy as np

def ecdf(sample: f64[n], at: f64[k, j]) -> f64[k, j]:
    s = np.sort(sample)
    return np.searchsorted(s, at, side='right') / len(s)

def run_starts(v: i64[m]) -> i64[r]:
    return np.flatnonzero(v[1:] != v[:-1]) + 1

def settle(v: f64[m]) -> i64:
    # halve until nothing changes at 3 decimals
    steps = 0
    cur = np.round(v, 3)
    while True:
        nxt = np.round(cur * 0.5, 3)
        steps += 1
        if np.array_equal(nxt, cur):
            break
        cur = nxt
    return steps

def main():
    x: f64[n] = np.load("x.npy")
    q: f64[a, b] = np.load("q.npy")
    t: i64[m] = np.load("t.npy")
    w: f64[m] = np.load("w.npy")
    cdf = ecdf(x, q)
    s = np.sort(x)
    left = np.searchsorted(s, q[:, 0])
    right = np.searchsorted(s, s[3:9], side="right")
    at0 = np.searchsorted(s, 0.0)
    viasorter = np.searchsorted(x, q[0], sorter=np.argsort(x))
    vals, first, inv = np.unique(t, return_index=True, return_inverse=True)
    rebuilt = vals[inv]
    u, cnt = np.unique(t, return_counts=True)
    ucnt = np.unique(np.round(x))
    counts = np.bincount(t)
    sums = np.bincount(t, weights=w, minlength=12)
    starts = run_starts(np.sort(t))
    steps = np.array([settle(x)])
    same = np.array([np.array_equal(t, t), np.array_equal(x, x[::-1]), np.array_equal(x, q)])
    np.save("cdf.npy", cdf)
    np.save("left.npy", left)
    np.save("right.npy", right)
    np.save("at0.npy", at0)
    np.save("viasorter.npy", viasorter)
    np.save("vals.npy", vals)
    np.save("first.npy", first)
    np.save("inv.npy", inv)
    np.save("rebuilt.npy", rebuilt)
    np.save("cnt.npy", cnt)
    np.save("ucnt.npy", ucnt)
    np.save("counts.npy", counts)
    np.save("sums.npy", sums)
    np.save("starts.npy", starts)
    np.save("steps.npy", steps)
    np.save("same.npy", same)
