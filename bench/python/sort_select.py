#!/usr/bin/env python3
"""Sorting and mask reads on the GPU: arrayc (CUB on the device,
runtime/src/cub_index.cu) against CuPy (which sorts with CUB's radix sort too)
in the same process, on arrays already on the device.

Rows: np.sort and np.argsort(kind="stable") of f32 and f64 (1-d), np.sort of
a (rows, 4096) f32 matrix along its last axis, and x[x > 0] of f32. Each
number: median over 11 repetitions of (10 calls back to back, then one device
synchronize) / 10, in ms, repetitions interleaved across the systems. Every
result is first checked against CuPy's.

    python3 bench/python/sort_select.py [--sizes 20,24] [--out FILE]"""
import argparse
import json

import arrayc
from call_overhead import timeit  # name -> fn: median microseconds per call

SOURCE = """
def sort32(x: f32[n]) -> f32[n]:
    return np.sort(x)

def argsort32(x: f32[n]) -> i64[n]:
    return np.argsort(x, kind="stable")

def sort64(x: f64[n]) -> f64[n]:
    return np.sort(x)

def sort_rows(m: f32[r, c]) -> f32[r, c]:
    return np.sort(m, axis=-1)

def positive(x: f32[n]):
    return x[x > 0.0]
"""


def main():
    import cupy as cp
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="20,24")
    ap.add_argument("--out")
    args = ap.parse_args()
    mod = arrayc.compile(SOURCE, target="cuda")
    rng = cp.random.default_rng(1)
    sync = cp.cuda.Device().synchronize
    rows = []

    def same(a, b):
        a, b = cp.asarray(a), cp.asarray(b)
        assert a.shape == b.shape and bool(cp.all((a == b) | (cp.isnan(a) & cp.isnan(b)))), \
            "arrayc's result differs from CuPy's"

    for p in [int(s) for s in args.sizes.split(",")]:
        n = 2**p
        x32 = rng.standard_normal(n, dtype=cp.float32)
        x32[::1000] = cp.nan
        x64 = rng.standard_normal(n, dtype=cp.float64)
        m = rng.standard_normal((n // 4096, 4096), dtype=cp.float32)
        same(mod.sort32(x32), cp.sort(x32))
        same(mod.argsort32(x32), cp.argsort(x32, kind="stable"))
        same(mod.sort64(x64), cp.sort(x64))
        same(mod.sort_rows(m), cp.sort(m, axis=-1))
        same(mod.positive(x32), x32[x32 > 0])
        cases = {
            "sort f32": (lambda: mod.sort32(x32), lambda: cp.sort(x32)),
            "argsort f32 (stable)": (lambda: mod.argsort32(x32),
                                     lambda: cp.argsort(x32, kind="stable")),
            "sort f64": (lambda: mod.sort64(x64), lambda: cp.sort(x64)),
            "sort rows f32 (n/4096, 4096)": (lambda: mod.sort_rows(m),
                                             lambda: cp.sort(m, axis=-1)),
            "x[x > 0] f32": (lambda: mod.positive(x32), lambda: x32[x32 > 0]),
        }
        for name, (ours, theirs) in cases.items():
            t = {k: us / 1e3 for k, us in
                 timeit({"arrayc": ours, "cupy": theirs}, sync, n=10, reps=11).items()}
            rows.append({"case": name, "n": n, **t})
            print(f"{name:30s} 2^{p}: arrayc {t['arrayc']:8.3f} ms  cupy {t['cupy']:8.3f} ms"
                  f"  ratio {t['arrayc'] / t['cupy']:.2f}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
