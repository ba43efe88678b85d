#!/usr/bin/env python3
"""Every kernel family at more than 2^31 elements, on the device (cuda target):
32-bit index arithmetic anywhere in a kernel, a launch or a library call would
wrap. Each function is compiled with arrayc.compile, run on CuPy arrays, and
checked against CuPy (float64 where a sum is involved) over the whole output,
plus the elements at the ends, where a wrapped index lands.

    python3 test/large/large_arrays.py [--only NAME,...]

Needs CuPy and about 40 GB of GPU memory. Prints one line per family and a
summary; exits 1 on any mismatch."""
import argparse
import sys
import time

import numpy as np

import arrayc

N = 2**31 + 1                  # elements of the 1-d arrays
R, C = 2**16 + 1, 2**15        # 2-d: R * C = 2^31 + 2^15 elements

SOURCE = """
def ew(x: f32[n], y: f32[n]) -> f32[n]:
    return x * 2.0 - y

def total(x: f32[n]) -> f64:
    return np.sum(x.astype(np.float64))

def rowsum(m: f32[r, c]) -> f32[r]:
    return np.sum(m, axis=1)

def colmax(m: f32[r, c]) -> f32[c]:
    return np.max(m, axis=0)

def softmax(m: f32[r, c]) -> f32[r, c]:
    e = np.exp(m - np.max(m, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)

def scan(x: i8[n]) -> i64[n]:
    return np.cumsum(x.astype(np.int64))

def flip(x: f32[n]) -> f32[n]:
    return x[::-1]

def transpose(m: f32[r, c]) -> f32[c, r]:
    return m.T + 0.0

def bcast(m: f32[r, c], v: f32[c]) -> f32[r, c]:
    return m * v

def where(x: f32[n]) -> f32[n]:
    return np.where(x > 0.5, x, -x)

def argmax(x: f32[n]) -> i64:
    return np.argmax(x)

def concat(x: i8[n]):
    return np.concatenate([x, x])
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    import cupy as cp

    mod = arrayc.compile(SOURCE, name="large.arr", target="cuda")
    ctx = arrayc.get_context("cuda")
    rng = cp.random.default_rng(12345)
    results = []

    def free():
        cp.get_default_memory_pool().free_all_blocks()
        arrayc.get_default_memory_pool().free_all_blocks()

    def compare(o, r, tol):
        """None, or why `o` (arrayc's) differs from `r` (CuPy's): over the
        whole array in chunks (no full float64 copies), and at both ends."""
        if o.shape != r.shape:
            return "shape %s, expected %s" % (o.shape, r.shape)
        o, r = o.ravel(), r.ravel()
        num = den = 0.0
        step = 1 << 27
        for i in range(0, o.size, step):
            oc, rc = o[i:i + step].astype(cp.float64), r[i:i + step].astype(cp.float64)
            num += float(cp.sum((oc - rc) ** 2))
            den += float(cp.sum(rc ** 2))
        err = (num ** 0.5) / max(den ** 0.5, 1e-300)
        k = min(3, o.size)
        ends = np.concatenate([(o[:k].astype(cp.float64) - r[:k]).get(),
                               (o[-k:].astype(cp.float64) - r[-k:]).get()])
        scale = max(1.0, float(cp.max(cp.abs(r[:k]))), float(cp.max(cp.abs(r[-k:]))))
        if err <= tol and np.all(np.abs(ends) <= tol * scale):
            return None
        return "relative error %.3g (tolerance %.3g), ends %s" % (err, tol, ends)

    def check(name, run, reference, tol=0.0):
        if args.only and name not in args.only.split(","):
            return
        t0 = time.time()
        out = None
        try:
            free()  # CuPy's cached blocks would leave arrayc's pool no room
            out = run()
            ctx.synchronize()
            t_run = time.time() - t0
            why = compare(cp.asarray(out), reference(), tol)
        except Exception as e:  # noqa: BLE001
            t_run = time.time() - t0
            why = "%s: %s" % (type(e).__name__, str(e)[:300])
        del out
        results.append((name, why))
        print("%-10s %s  (arrayc call %.2f s, with the check %.1f s)" % (
            name, "ok" if why is None else "FAIL: " + why, t_run, time.time() - t0), flush=True)
        free()

    x = rng.random(N, dtype=cp.float32)
    y = rng.random(N, dtype=cp.float32)
    check("ew", lambda: mod.ew(x, y), lambda: x * 2.0 - y, 1e-7)
    check("total", lambda: mod.total(x), lambda: cp.sum(x, dtype=cp.float64), 1e-12)
    check("flip", lambda: mod.flip(x), lambda: x[::-1], 0.0)
    check("where", lambda: mod.where(x), lambda: cp.where(x > 0.5, x, -x), 0.0)
    x[-1] = 2.0  # the maximum at the last index
    check("argmax", lambda: mod.argmax(x), lambda: cp.asarray(N - 1), 0.0)
    del y
    m = rng.random((R, C), dtype=cp.float32)
    check("rowsum", lambda: mod.rowsum(m), lambda: cp.sum(m.astype(cp.float64), axis=1), 1e-6)
    check("colmax", lambda: mod.colmax(m), lambda: cp.max(m, axis=0), 0.0)
    check("softmax", lambda: mod.softmax(m), lambda: cp.exp(m - m.max(1, keepdims=True)) /
          cp.exp(m - m.max(1, keepdims=True)).sum(1, keepdims=True), 1e-6)
    check("transpose", lambda: mod.transpose(m), lambda: m.T, 0.0)
    v = rng.random(C, dtype=cp.float32)
    check("bcast", lambda: mod.bcast(m, v), lambda: m * v, 1e-7)
    del m, x
    b = cp.ones(N, dtype=cp.int8)
    check("scan", lambda: mod.scan(b), lambda: cp.arange(1, N + 1, dtype=cp.int64), 0.0)
    check("concat", lambda: mod.concat(b), lambda: cp.concatenate([b, b]), 0.0)
    bad = [r for r in results if r[1]]
    print("%d families at %d elements (2-d: %d x %d): %d ok, %d failed" % (
        len(results), N, R, C, len(results) - len(bad), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
