#!/usr/bin/env python3
"""The cpu target against NumPy, in one process (issue 28's workloads).

Each workload is a NumPy function; arrayc runs the same source through
`@arrayc.jit(target="cpu")`, Numba (where `import numba` works: Debian's
python3-numba) through `@numba.njit` and `@numba.njit(parallel=True)` on the
same function. Fresh random inputs, one warm-up call,
then the median of --reps timed calls; results are checked against NumPy.
Prints a Markdown table: milliseconds per call and NumPy's time over each
system's (above 1: faster than NumPy).

    ARRAYC_LIBRARY=build/lib/libarrayc.so PYTHONPATH=python-frontend \\
      /usr/bin/python3 bench/cpu/run.py [--reps 5] [--only a,b]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np


def sqdiff(x, y):
    return (x - y) ** 2


def transcendental(x, y):
    return 0.5 * np.sin(x) + 2.0 * np.exp(-y * y) * np.tanh(x + y)


def total(x):
    return np.sum(x)


def running(x):
    return np.cumsum(x)


def transpose(a):
    return a.T.copy()


def matmul(a, b):
    return a @ b


def softmax(a):
    e = np.exp(a - a.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm(a):
    mu = a.mean(axis=1, keepdims=True)
    var = ((a - mu) ** 2).mean(axis=1, keepdims=True)
    return (a - mu) / np.sqrt(var + 1e-5)


def stencil(a):
    return 0.2 * (a[1:-1, 1:-1] + a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])


def _f32(rng, *shape):
    return rng.random(shape, dtype=np.float32)


N = 1 << 24
WORKLOADS = [
    ("sqdiff 2^24 f32", sqdiff, lambda r: (_f32(r, N), _f32(r, N))),
    ("0.5 sin x + 2 exp(-y^2) tanh(x+y) 2^24 f32", transcendental,
     lambda r: (_f32(r, N), _f32(r, N))),
    ("sum 2^24 f32", total, lambda r: (_f32(r, N),)),
    ("cumsum 2^24 f32", running, lambda r: (_f32(r, N),)),
    ("transpose 2048^2 f32", transpose, lambda r: (_f32(r, 2048, 2048),)),
    ("matmul 1024^2 f32", matmul, lambda r: (_f32(r, 1024, 1024), _f32(r, 1024, 1024))),
    ("softmax 2048^2 f32", softmax, lambda r: (_f32(r, 2048, 2048),)),
    ("layernorm 2048^2 f32", layernorm, lambda r: (_f32(r, 2048, 2048),)),
    ("5-point stencil 2048^2 f32", stencil, lambda r: (_f32(r, 2048, 2048),)),
]


def median_ms(fn, args, reps):
    fn(*args)  # compile / warm up
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn(*args)
        times.append(time.perf_counter() - t0)
        del out
    return statistics.median(times) * 1e3


def check(name, got, want):
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return "%s: shape %s, NumPy %s" % (name, got.shape, want.shape)
    rel = np.linalg.norm(got - want) / max(np.linalg.norm(want), 1e-300)
    return None if rel <= 1e-4 else "%s: relative error %.2g" % (name, rel)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--only", default="", help="comma-separated workload-name prefixes")
    ap.add_argument("--systems", default="",
                    help="comma-separated systems besides NumPy (arrayc, Numba, Numba-parallel; "
                    "default: all): one process per system keeps one's idle threads off "
                    "another's cores")
    opts = ap.parse_args()
    import arrayc
    numba = None
    if not opts.systems or "Numba" in opts.systems:
        try:
            import numba
        except ImportError:
            pass
    systems = [("arrayc", lambda f: arrayc.jit(f, target="cpu"))]
    if numba is not None:
        systems.append(("Numba", lambda f: numba.njit(f)))
        # Its users' choice for array expressions on every core.
        systems.append(("Numba-parallel", lambda f: numba.njit(parallel=True)(f)))
    if opts.systems:
        keep = opts.systems.split(",")
        systems = [(s, w) for s, w in systems if s in keep]
    rng = np.random.default_rng(0)
    header = ["workload", "NumPy ms"] + ["%s ms" % s for s, _ in systems] + \
        ["NumPy/%s" % s for s, _ in systems]
    print("cores: %d; NumPy %s; Numba: %s" % (os.cpu_count(), np.__version__,
                                            numba.__version__ if numba else "not installed"))
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    ratios = {s: [] for s, _ in systems}
    problems = []
    only = [p for p in opts.only.split(",") if p]
    for name, fn, make in WORKLOADS:
        if only and not any(name.startswith(p) for p in only):
            continue
        args = make(rng)
        want = fn(*args)
        base = median_ms(fn, args, opts.reps)
        row, speed = [name, "%.2f" % base], []
        for sname, wrap in systems:
            try:
                compiled = wrap(fn)
                problem = check("%s, %s" % (name, sname), compiled(*args), want)
                if problem:
                    problems.append(problem)
                ms = median_ms(compiled, args, opts.reps)
                row.append("%.2f" % ms)
                speed.append("%.2f×" % (base / ms))
                ratios[sname].append(base / ms)
            except Exception as e:  # noqa: BLE001 - a system that fails is a row entry
                problems.append("%s, %s: %s" % (name, sname, str(e).splitlines()[0][:200]))
                row.append("ERR")
                speed.append("–")
        print("| " + " | ".join(row + speed) + " |")
        sys.stdout.flush()
    for sname, r in ratios.items():
        if r:
            print("\n%s: geometric mean %.2f× NumPy over %d workloads" % (
                sname, float(np.exp(np.mean(np.log(r)))), len(r)))
    for p in problems:
        print("- " + p)


if __name__ == "__main__":
    main()
