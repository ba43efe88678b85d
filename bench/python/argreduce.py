#!/usr/bin/env python3
"""argmax/argmin on the GPU: arrayc (split across the device: two kernels of
(value, index) partials) against cupy.argmax/argmin in the same process, on
f32 arrays already on the device.

Each row: median over 11 repetitions of (10 calls back to back, then one
synchronize) / 10, repetitions interleaved across the systems. The floor is
the bytes read (4 per element) over the device's copy bandwidth, measured
here with a device-to-device copy of the same array (read + write: 2x bytes).

    python3 bench/python/argreduce.py [--sizes 16,24,28,31] [--out FILE]"""
import argparse
import json
import statistics
import time

import arrayc

SOURCE = """
def amax(x: f32[n]) -> i64:
    return np.argmax(x)

def amin_rows(m: f32[r, c]) -> i64[r]:
    return np.argmin(m, axis=1)
"""


def main():
    import cupy as cp
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="16,20,24,28,31")
    ap.add_argument("--out")
    args = ap.parse_args()
    mod = arrayc.compile(SOURCE, target="cuda")
    rng = cp.random.default_rng(1)
    sync = cp.cuda.get_current_stream().synchronize
    rows = []

    def time_rows(fns, reps=11, n=10):
        for fn in fns.values():
            fn()
        sync()
        times = {k: [] for k in fns}
        for _ in range(reps):
            for k, fn in fns.items():
                t0 = time.perf_counter()
                for _ in range(n):
                    fn()
                sync()
                times[k].append((time.perf_counter() - t0) / n * 1e3)
        return {k: statistics.median(v) for k, v in times.items()}

    for p in [int(s) for s in args.sizes.split(",")]:
        n = 2**p + (1 if p == 31 else 0)
        x = rng.random(n, dtype=cp.float32)
        x[n // 3] = 2.0
        assert int(mod.amax(x)) == int(cp.argmax(x)) == n // 3
        dst = cp.empty_like(x)
        t = time_rows({
            "copy": lambda: dst.__setitem__(slice(None), x),
            "arrayc": lambda: mod.amax(x),
            "cupy": lambda: cp.argmax(x),
        })
        bw = 2 * 4 * n / (t["copy"] * 1e-3)  # bytes/s
        floor = 4 * n / bw * 1e3
        row = {"workload": "argmax", "n": n, "floor_ms": floor, "arrayc_ms": t["arrayc"],
               "cupy_ms": t["cupy"], "copy_GBps": bw / 1e9}
        rows.append(row)
        print("argmax n=2^%d%s: floor %.4f ms, arrayc %.4f ms, cupy %.4f ms (copy %.0f GB/s)" % (
            p, "+1" if p == 31 else "", floor, t["arrayc"], t["cupy"], bw / 1e9), flush=True)
        del x, dst
    # Few long rows: the split along an axis.
    m = rng.random((8, 2**24), dtype=cp.float32)
    assert (mod.amin_rows(m).get() == cp.argmin(m, axis=1).get()).all()
    t = time_rows({"arrayc": lambda: mod.amin_rows(m), "cupy": lambda: cp.argmin(m, axis=1)})
    rows.append({"workload": "argmin axis=1", "shape": [8, 2**24], "arrayc_ms": t["arrayc"],
                 "cupy_ms": t["cupy"]})
    print("argmin axis=1 (8, 2^24): arrayc %.4f ms, cupy %.4f ms" % (t["arrayc"], t["cupy"]))
    if args.out:
        with open(args.out, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
