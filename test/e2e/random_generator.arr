# RUN: %e2e %s
# Tests np.random.default_rng() Generators as NumPy programs use them: the
# numbers differ from NumPy's (arrayc's Generators are Philox4x32-10, NumPy's
# PCG64), so the checks are statistics with loose tolerances, ranges, dtypes,
# shapes, determinism for a seed and difference across seeds, calls and
# Generators.
# OUTPUT: nmean 0.03
# OUTPUT: nstd 0.02
# OUTPUT: nshape
# OUTPUT: umean 0.02
# OUTPUT: ustd 0.02
# OUTPUT: urange
# OUTPUT: f32mean 0.02
# OUTPUT: f32range
# OUTPUT: f32nstd 0.02
# OUTPUT: nrm 0.02
# OUTPUT: unimean 0.02
# OUTPUT: unirange
# OUTPUT: imax
# OUTPUT: imin
# OUTPUT: imean 0.02
# OUTPUT: ihigh
# OUTPUT: u8max
# OUTPUT: u8min
# OUTPUT: i32dtype
# OUTPUT: endpoint
# OUTPUT: runtime_high
# OUTPUT: expmean 0.03
# OUTPUT: exppos
# OUTPUT: sexpmean 0.03
# OUTPUT: same
# OUTPUT: differ
# OUTPUT: calls
# OUTPUT: interleaved
# OUTPUT: shared
# OUTPUT: unseeded 0.02
# OUTPUT: unseeded_differ
# OUTPUT: loop_rows
# OUTPUT: loop_made
# OUTPUT: loop_made_same
# OUTPUT: branch
# OUTPUT: chained
# OUTPUT: loc_array
# OUTPUT: scalar
# OUTPUT: perm_sorted
# OUTPUT: perm_moved
# OUTPUT: perm_rows
# OUTPUT: choice_mean 0.02
# OUTPUT: choice_range
# OUTPUT: choice_values
import numpy as np

def main():
    rng = np.random.default_rng(42)
    x = rng.standard_normal((1000, 50))
    np.save("nmean.npy", np.mean(x) + 1.0)
    np.save("nstd.npy", np.std(x))
    np.save("nshape.npy", np.isfinite(x))

    u = rng.random(200000)
    np.save("umean.npy", np.mean(u))
    np.save("ustd.npy", np.std(u) * np.sqrt(12.0))
    np.save("urange.npy", np.all(u >= 0.0) & np.all(u < 1.0))

    f = rng.random((300, 400), dtype=np.float32)
    np.save("f32mean.npy", np.mean(f))
    np.save("f32range.npy", np.all(f >= 0.0) & np.all(f < 1.0))
    g = rng.standard_normal(size=100000, dtype=np.float32)
    np.save("f32nstd.npy", np.std(g))

    nn = rng.normal(5.0, 2.0, 100000)
    np.save("nrm.npy", np.mean(nn) + np.std(nn))
    v = rng.uniform(-2.0, 3.0, size=(100000,))
    np.save("unimean.npy", np.mean(v) + 2.0)
    np.save("unirange.npy", np.all(v >= -2.0) & np.all(v < 3.0))

    k = rng.integers(3, 10, size=200000)
    np.save("imax.npy", np.max(k))
    np.save("imin.npy", np.min(k))
    np.save("imean.npy", np.mean(k))
    np.save("ihigh.npy", np.max(rng.integers(5, size=10000)))
    b = rng.integers(0, 256, size=100000, dtype=np.uint8)
    np.save("u8max.npy", np.max(b))
    np.save("u8min.npy", np.min(b))
    np.save("i32dtype.npy", rng.integers(-5, 5, size=(4, 3), dtype=np.int32) * 0)
    np.save("endpoint.npy", np.max(rng.integers(1, 6, size=10000, endpoint=True)))
    n = len(u)
    idx = rng.integers(0, n, size=1000)
    np.save("runtime_high.npy", np.all(idx >= 0) & np.all(idx < n))

    e = rng.exponential(2.0, size=100000)
    np.save("expmean.npy", np.mean(e))
    np.save("exppos.npy", np.all(e >= 0.0))
    np.save("sexpmean.npy", np.mean(rng.standard_exponential(100000)))

    # One seed, one stream; another seed, or the next call, another.
    a1 = np.random.default_rng(7).random(1000)
    a2 = np.random.default_rng(7).random(1000)
    c = np.random.default_rng(8).random(1000)
    np.save("same.npy", np.all(a1 == a2))
    np.save("differ.npy", np.any(a1 != c))
    r = np.random.default_rng(7)
    np.save("calls.npy", np.any(r.random(1000) != r.random(1000)))

    # Generators do not disturb one another, nor np.random's functions them.
    p = np.random.default_rng(5)
    q = np.random.default_rng(5)
    p1 = p.random(100)
    np.random.seed(5)
    leg = np.random.random(100)
    other = np.random.default_rng(6).random(100)
    q1 = q.random(100)
    np.save("interleaved.npy", np.all(p1 == q1) & np.any(leg != q1) & np.any(other != q1))

    # Two names for one Generator draw from one state.
    s = np.random.default_rng(3)
    t = s
    s.random(10)
    second = t.random(10)
    fresh = np.random.default_rng(3)
    fresh.random(10)
    np.save("shared.npy", np.all(second == fresh.random(10)))

    w = np.random.default_rng()
    np.save("unseeded.npy", np.mean(w.random(100000)))
    np.save("unseeded_differ.npy",
            np.any(np.random.default_rng().random(100) != np.random.default_rng().random(100)))

    # Draws in a loop, and Generators made in one.
    rows = np.zeros((4, 100))
    for i in range(4):
        rows[i] = rng.random(100)
    np.save("loop_rows.npy", np.all(rows[0] != rows[1]) & np.all(rows[2] != rows[3]))
    made = np.zeros((3, 10))
    for seed in range(3):
        gs = np.random.default_rng(seed)
        made[seed] = gs.random(10)
    np.save("loop_made.npy", np.any(made[0] != made[1]) & np.any(made[1] != made[2]))
    np.save("loop_made_same.npy", np.all(made[1] == np.random.default_rng(1).random(10)))

    # A draw under a run-time condition advances the Generator on that path.
    h = np.random.default_rng(9)
    if np.sum(u) > 0.0:
        h.random(10)
    after = h.random(10)
    ref = np.random.default_rng(9)
    ref.random(10)
    np.save("branch.npy", np.all(after == ref.random(10)))

    np.save("chained.npy", np.random.default_rng(0).random((2, 3)) < 1.0)
    locs = np.array([0.0, 100.0, -100.0])
    near = rng.normal(locs, 0.5)
    np.save("loc_array.npy", np.abs(near - locs) < 5.0)
    np.save("scalar.npy", rng.random() < 1.0)

    p20 = rng.permutation(20)
    np.save("perm_sorted.npy", np.sort(p20))
    np.save("perm_moved.npy", np.any(p20 != np.arange(20)))
    rows = np.arange(30.0).reshape(10, 3)
    np.save("perm_rows.npy", np.sort(rng.permutation(rows), axis=0))
    ch = rng.choice(10, size=100000)
    np.save("choice_mean.npy", np.mean(ch))
    np.save("choice_range.npy", (np.min(ch) == 0) & (np.max(ch) == 9))
    vals = np.array([1.0, 2.0, 4.0])
    cv = rng.choice(vals, (50, 4))
    np.save("choice_values.npy", (cv == 1.0) | (cv == 2.0) | (cv == 4.0))
