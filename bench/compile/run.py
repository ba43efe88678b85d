#!/usr/bin/env python3
"""The compile-time benchmark: cold and warm JIT compiles of `sqdiff` through
libarrayc, each in a new process, per target; medians against the bars of
issue 7 (cold <= 150 ms, warm <= 5 ms).

  bench/compile/run.py [--bin PATH] [--targets cpu,cuda] [--reps 9] [--out FILE]

Cold: an empty cache directory per run. Warm: one entry made first, then each
run a new process that finds it on disk.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

BARS = {"cold": 150.0, "warm": 5.0}


def once(binary, target, cache, fmt=None):
    p = subprocess.run([binary, target, cache] + ([fmt] if fmt else []), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=120)
    if p.returncode != 0:
        raise SystemExit("compile_time %s failed: %s%s" % (target, p.stdout, p.stderr))
    return json.loads(p.stdout)["compile_ms"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                  "build", "bin", "compile_time"))
    ap.add_argument("--targets", default="cpu")
    ap.add_argument("--reps", type=int, default=9)
    ap.add_argument("--out")
    ap.add_argument("--gpu-formats", default="",
                    help="also cuda cold/warm with these kernel formats (isa,bin,fatbin)")
    args = ap.parse_args()
    rows = []
    configs = [(t, None) for t in args.targets.split(",")]
    configs += [("cuda", f) for f in args.gpu_formats.split(",") if f]
    for target, fmt in configs:
        cold, warm = [], []
        for _ in range(args.reps):
            d = tempfile.mkdtemp()
            cold.append(once(args.bin, target, os.path.join(d, "c"), fmt))
            shutil.rmtree(d)
        d = tempfile.mkdtemp()
        once(args.bin, target, os.path.join(d, "c"), fmt)
        for _ in range(args.reps):
            warm.append(once(args.bin, target, os.path.join(d, "c"), fmt))
        shutil.rmtree(d)
        for kind, v in (("cold", cold), ("warm", warm)):
            med = statistics.median(v)
            rows.append({"target": target + (" " + fmt if fmt else ""), "kind": kind,
                         "median_ms": round(med, 2),
                         "min_ms": round(min(v), 2), "max_ms": round(max(v), 2),
                         "reps": len(v), "bar_ms": BARS[kind], "meets_bar": med <= BARS[kind]})
    print("| target | compile | median ms | min | max | bar | |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %.1f | %.1f | %.1f | <= %g | %s |" % (
            r["target"], r["kind"], r["median_ms"], r["min_ms"], r["max_ms"], r["bar_ms"],
            "meets" if r["meets_bar"] else "MISSES"))
    if args.out:
        with open(args.out, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
