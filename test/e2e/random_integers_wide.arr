# RUN: %e2e %s
# Tests Generator.integers and np.random.randint with bounds whose difference
# does not fit an i64 (low = -2**63, high = 2**62; the whole i64 range with
# endpoint=True): every draw lies in [low, high) and the draws spread over
# the range. The bounds are literals, and values known only at run time.
# INPUT: x f64 [3]
# OUTPUT: lit_in
# OUTPUT: lit_spread
# OUTPUT: rt_in
# OUTPUT: rt_spread
# OUTPUT: legacy_in
# OUTPUT: legacy_spread
# OUTPUT: full_spread
# OUTPUT: endpoint_rt
# OUTPUT: endpoint_one
# OUTPUT: small
# OUTPUT: u64
import numpy as np

def main():
    x: f64[n] = np.load("x.npy")
    n = len(x)
    rng = np.random.default_rng(11)
    lo_lit = -2**62 * 2                 # -2**63
    k = rng.integers(-2**62 * 2, 2**62, size=100000)
    np.save("lit_in.npy", np.all(k >= lo_lit) & np.all(k < 2**62))
    np.save("lit_spread.npy", (np.min(k) < -2**62) & (np.max(k) > 2**61))

    # Run-time bounds (n = 3 from the input's length).
    lo = np.int64(-2**62) * (n - 1)     # -2**63
    hi = np.int64(2**61) * (n - 1)      # 2**62
    r = rng.integers(lo, hi, size=100000)
    np.save("rt_in.npy", np.all(r >= lo) & np.all(r < hi))
    np.save("rt_spread.npy", (np.min(r) < -2**62) & (np.max(r) > 2**61))

    np.random.seed(5)
    g = np.random.randint(lo, hi, size=100000)
    np.save("legacy_in.npy", np.all(g >= lo) & np.all(g < hi))
    np.save("legacy_spread.npy", (np.min(g) < -2**62) & (np.max(g) > 2**61))

    # The whole i64 range: 2**64 values.
    f = rng.integers(-2**62 * 2, 9223372036854775807, size=100000, endpoint=True)
    np.save("full_spread.npy", (np.min(f) < -2**62) & (np.max(f) > 2**62))
    top = np.int64(9223372036854775807) - (n - 3)
    e = rng.integers(lo, top, size=100000, endpoint=True)
    np.save("endpoint_rt.npy", (np.min(e) < -2**62) & (np.max(e) > 2**62))
    np.save("endpoint_one.npy", rng.integers(top, top, size=4, endpoint=True))

    # Narrow ranges keep every value.
    s = rng.integers(-3, 4, size=10000)
    np.save("small.npy", np.sort(np.unique(s)))
    u = rng.integers(0, 2**62, size=10000, dtype=np.uint64)
    np.save("u64.npy", (np.max(u) > 2**61) & (np.max(u) < 2**62))
