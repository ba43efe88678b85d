#!/usr/bin/env python3
"""Where an applications-benchmark program's time goes under arrayc (cuda):
two warm-up calls (the first launches kernel by kernel, the second makes the
CUDA graph of a recurring launch sequence: runtime/src/graphs.h), then one
call traced by CUPTI through torch.profiler (it
records every kernel and copy in the process, arrayc's driver-API launches
included). Prints per program: the synchronized wall time of the traced call,
the GPU time in kernels and in copies (host<->device copies named: they are
the staging and the scalar reads that synchronize), the number of each, and
the kernels that take the most time.

    python3 bench/apps/breakdown.py [--top N] PROG [PROG ...]

Run on the device with the environment of run-on-device.sh (ARRAYC_LIBRARY,
PYTHONPATH, LD_LIBRARY_PATH).
"""
import argparse
import collections
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402
import systems as S  # noqa: E402


def traced(fn, args, sysm):
    import torch
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        t0 = time.perf_counter()
        out = fn(*args)
        sysm.sync(out)
        wall = time.perf_counter() - t0
    torch.cuda.synchronize()
    return wall, prof.events()


def summarize(name, wall, events, top):
    kernels = collections.defaultdict(lambda: [0, 0.0])
    copies = collections.defaultdict(lambda: [0, 0.0])
    for e in events:
        dt = getattr(e, "device_type", None)
        if dt is None or "CUDA" not in str(dt):
            continue
        us = e.device_time if hasattr(e, "device_time") else e.cuda_time
        key = e.name
        bucket = copies if key.lower().startswith(("memcpy", "memset")) else kernels
        bucket[key][0] += 1
        bucket[key][1] += us
    ksum = sum(v[1] for v in kernels.values())
    kcount = sum(v[0] for v in kernels.values())
    print("== %s: wall %.3f ms; kernels %d, %.3f ms; copies %d, %.3f ms" % (
        name, wall * 1e3, kcount, ksum / 1e3, sum(v[0] for v in copies.values()),
        sum(v[1] for v in copies.values()) / 1e3))
    for k, (n, us) in sorted(copies.items(), key=lambda kv: -kv[1][1]):
        print("   copy   %6d × %-40s %9.3f ms" % (n, k[:40], us / 1e3))
    for k, (n, us) in sorted(kernels.items(), key=lambda kv: -kv[1][1])[:top]:
        print("   kernel %6d × %-40s %9.3f ms" % (n, k[:40], us / 1e3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("programs", nargs="+")
    ap.add_argument("--top", type=int, default=8)
    opts = ap.parse_args()
    S.import_arrayc_path()
    import cupy
    sysm = S.Arrayc("cuda", cupy)
    for prog in run.load_programs(set(opts.programs)):
        args = prog.inputs(np.random.default_rng(0))
        try:
            fn = sysm.prepare(prog, args)
            staged = sysm.put(args)
            for _ in range(2):
                sysm.sync(fn(*sysm.fresh(staged)))
            wall, events = traced(fn, sysm.fresh(staged), sysm)
            summarize(prog.NAME, wall, events, opts.top)
        except Exception as e:  # noqa: BLE001
            print("== %s: ERROR %s" % (prog.NAME, str(e).splitlines()[0][:300]))
        S.free_memory([sysm])
        sys.stdout.flush()


if __name__ == "__main__":
    main()
