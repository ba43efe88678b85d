#!/usr/bin/env python3
"""Accuracy of arrayc's f32 math functions on the cpu target, in ulp.

Each function is compiled for the cpu target (`arrayc.compile`) and runs through NumPy on
the same f32 inputs (random bit patterns over each range, plus the range's
ends); both are compared with NumPy's float64 result rounded to f32. The
error of an element is |out - ref| / spacing(ref) (f32 spacing at the
reference); NaN and infinities must match exactly. Prints one row per
function and range: the largest error of arrayc and of NumPy's f32, and
exits 1 when arrayc's exceeds the bound (--max-ulp) anywhere.

    python3 test/numerics/math_accuracy.py [--samples N] [--max-ulp 4]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python-frontend"))
import arrayc  # noqa: E402

F32_MAX = float(np.finfo(np.float32).max)
# (name, ranges): each range (lo, hi) of inputs; a range crossing zero is
# sampled on both sides with every exponent in it.
FUNCTIONS = [
    ("exp", [(-10.0, 10.0), (-103.0, 88.7)]),
    ("expm1", [(-1e-3, 1e-3), (-10.0, 10.0), (-88.0, 88.7)]),
    ("log", [(1e-3, 1e3), (1e-45, F32_MAX)]),
    ("log2", [(1e-3, 1e3), (1e-45, F32_MAX)]),
    ("log1p", [(-0.999, 1e-3), (-0.999, F32_MAX)]),
    ("sin", [(-3.15, 3.15), (-1e4, 1e4), (-F32_MAX, F32_MAX)]),
    ("cos", [(-3.15, 3.15), (-1e4, 1e4), (-F32_MAX, F32_MAX)]),
    ("tanh", [(-1.0, 1.0), (-F32_MAX, F32_MAX)]),
    ("arctan", [(-1.0, 1.0), (-F32_MAX, F32_MAX)]),
    ("arcsin", [(-1.0, 1.0)]),
    ("arccos", [(-1.0, 1.0)]),
]


def sample(lo, hi, n, rng):
    """n f32 values in [lo, hi]: uniform over the bit patterns of each sign's
    part of the range (so every exponent is covered), plus both ends."""
    parts = []
    for a, b, sign in ((max(lo, 0.0), hi, 1.0), (max(-hi, 0.0), -lo, -1.0)):
        if b <= a:
            continue
        ia = np.array([a], np.float32).view(np.int32)[0]
        ib = np.array([b], np.float32).view(np.int32)[0]
        bits = rng.integers(ia, ib, size=n // 2, endpoint=True, dtype=np.int32)
        parts.append(sign * bits.view(np.float32))
    parts.append(np.array([lo, hi], np.float32))
    return np.concatenate(parts).astype(np.float32)


def ulp_error(out, ref64):
    """Largest error in f32 ulp, or inf where NaN/inf placement differs."""
    ref32 = ref64.astype(np.float32)
    special = ~np.isfinite(ref32) | ~np.isfinite(out)
    if not np.array_equal(np.isnan(out), np.isnan(ref32)) or \
            not np.array_equal(out[special & ~np.isnan(out)], ref32[special & ~np.isnan(ref32)]):
        return np.inf
    ok = ~special
    spacing = np.spacing(np.abs(ref32[ok])).astype(np.float64)
    if not ok.any():
        return 0.0
    return float(np.max(np.abs(out[ok].astype(np.float64) - ref64[ok]) / spacing))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=1 << 20)
    ap.add_argument("--max-ulp", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    failed = []
    print("%-7s %-26s %12s %12s" % ("function", "range", "arrayc ulp", "NumPy ulp"))
    for name, ranges in FUNCTIONS:
        np_f = getattr(np, name)
        mod = arrayc.compile("def k(x: f32[n]):\n    return np.%s(x)\n" % name,
                             name="%s.arr" % name, target="cpu")
        for lo, hi in ranges:
            x = sample(lo, hi, args.samples, rng)
            with np.errstate(all="ignore"):
                ref = np_f(x.astype(np.float64))
                ours = np.asarray(arrayc.asnumpy(mod.k(arrayc.asarray(x, target="cpu"))))
                theirs = np_f(x)
            assert ours.dtype == np.float32, ours.dtype
            e_ours, e_np = ulp_error(ours, ref), ulp_error(theirs, ref)
            print("%-7s [%-10.4g, %10.4g]  %12.2f %12.2f" % (name, lo, hi, e_ours, e_np))
            if e_ours > args.max_ulp:
                failed.append("%s on [%g, %g]: %.2f ulp" % (name, lo, hi, e_ours))
    for f in failed:
        print("FAIL:", f)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
