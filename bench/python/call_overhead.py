#!/usr/bin/env python3
"""Per-call time of a 10,000-element `sqdiff` from Python: @arrayc.jit against
cupy.fuse and plain CuPy in the same process (issue 8's bar: <= 10 us per
call; the peers measured cupy.fuse 13 us, jax.jit 61 us on an H200).

Each row: median over 15 repetitions of (N calls back to back, then one
synchronize) / N, with the inputs already on the device, and the results
dropped as the loop goes (their memory returns to the pool). The rows'
repetitions are interleaved, so that a slow spell of the host touches every
row alike."""
import json
import statistics
import sys
import time

import numpy as np

import arrayc


def timeit(rows, sync, n=2000, reps=15):
    """rows: name -> fn; returns name -> median microseconds per call."""
    for fn in rows.values():
        for _ in range(50):
            fn()
    sync()
    times = {name: [] for name in rows}
    for _ in range(reps):
        for name, fn in rows.items():
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            sync()
            times[name].append((time.perf_counter() - t0) / n * 1e6)
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    @arrayc.jit
    def sqdiff(x, y):
        return (x - y) * (x - y)

    fns = {}
    try:
        import cupy as cp
    except ImportError:
        cp = None
    target = arrayc.get_context().target
    if cp is not None and target == "cuda":
        x = cp.random.standard_normal(10_000, dtype=cp.float32)
        y = cp.random.standard_normal(10_000, dtype=cp.float32)
        sync = cp.cuda.Device().synchronize
        ref = ((x - y) * (x - y)).get()
        assert np.allclose(cp.asarray(sqdiff(x, y)).get(), ref, rtol=1e-6)
        fns["arrayc.jit (cupy inputs)"] = lambda: sqdiff(x, y)
        ax, ay = arrayc.asarray(x), arrayc.asarray(y)
        fns["arrayc.jit (arrayc inputs)"] = lambda: sqdiff(ax, ay)

        @cp.fuse()
        def fused(a, b):
            return (a - b) * (a - b)

        fns["cupy.fuse"] = lambda: fused(x, y)
        fns["cupy (3 kernels)"] = lambda: (x - y) * (x - y)
    else:
        x = np.random.standard_normal(10_000).astype(np.float32)
        y = np.random.standard_normal(10_000).astype(np.float32)
        fns["arrayc.jit (numpy inputs, %s)" % target] = lambda: sqdiff(x, y)
        fns["numpy"] = lambda: (x - y) * (x - y)
        sync = lambda: None  # noqa: E731
    rows = timeit(fns, sync)
    for k, v in rows.items():
        print("%-32s %8.2f us/call" % (k, v))
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump({"n": 10_000, "us_per_call": rows}, f)


if __name__ == "__main__":
    main()
