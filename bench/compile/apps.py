#!/usr/bin/env python3
"""First-call compile time of the applications benchmark's programs
(bench/apps/programs), phase by phase: where the first call of an
`@arrayc.jit` function on CuPy arrays spends its time (issue 27: <= 0.3 s
median, <= 1 s worst).

On a GPU machine (the default), each program and kernel format runs in a new
process with an empty compile cache and the driver's JIT cache off
(CUDA_CACHE_DISABLE=1, as a first run on a new machine), ARRAYC_VERBOSE=1:

  compile   libarrayc's compile phases (context, frontend, passes -- the
            kernels' NVPTX code generation and, for `bin`, ptxas among them --
            and llvm: the host code's -O2 and object)
  load      ORC link + the kernel modules' load (for `isa`, PTX: the
            driver's JIT compiles each module here)
  first     the whole first call (compile + load + the first run)
  run       the second call (the first run's share is about this)

    bench/compile/apps.py [--formats isa,bin] [--programs kmeans,nbody,...] [--out FILE]

GPU-free (`--local`, the build machine): the programs run once on the cpu
target to get the .arr source their first call compiles (ARRAYC_DUMP_DIR),
then `arrayc run --target=cuda --gpu-arch=sm_90 --verbose` compiles each
for cuda through the same compile path as libarrayc (the run then stops: the
sources have no main), best of --reps:

    bench/compile/apps.py --local [--arrayc build/bin/arrayc] [--reps 3]
"""
import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
APPS = os.path.join(ROOT, "bench", "apps")
SLOW = "kmeans,nbody,mlp_train,monte_carlo,layernorm,conjugate_gradient,mlp_forward,heat_2d"

PHASES = re.compile(r"compiled in (\d+) ms \(context (\d+), frontend (\d+), passes (\d+), "
                    r"llvm (\d+) ms\)")
LOAD = re.compile(r"([\d.]+) ms to a callable \(([\d.]+) ms of it loading")

CHILD = r"""
import ctypes, json, os, sys, time
sys.path.insert(0, %(apps)r)
import numpy as np
import run, systems as S
import arrayc
from arrayc import _capi as C
fmt = %(fmt)r
if fmt:
    init = C.lib.arrayc_compile_options_init
    class Init:
        def __call__(self, ref):
            r = init(ref)
            ref._obj.gpu_format = fmt.encode()
            return r
    C.lib.arrayc_compile_options_init = Init()
import cupy
prog = run.load_programs([%(prog)r])[0]
sysm = S.Arrayc("cuda", cupy)
args = sysm.put(prog.inputs(np.random.default_rng(0)))
cupy.cuda.Device().synchronize()
arrayc.get_context("cuda").synchronize()
fn = sysm.prepare(prog, args)
t0 = time.perf_counter(); out = fn(*args); sysm.sync(out); t1 = time.perf_counter()
out = fn(*args); sysm.sync(out); t2 = time.perf_counter()
print(json.dumps({"first_ms": (t1 - t0) * 1e3, "run_ms": (t2 - t1) * 1e3}))
"""


def parse_verbose(text):
    rec = {}
    m = PHASES.findall(text)
    if m:
        # Several compiles (specializations): their sums.
        for key, i in (("compile_ms", 0), ("context_ms", 1), ("frontend_ms", 2),
                       ("passes_ms", 3), ("llvm_ms", 4)):
            rec[key] = sum(int(x[i]) for x in m)
    m = LOAD.findall(text)
    if m:
        rec["load_ms"] = sum(float(x[1]) for x in m)
    return rec


def device(args):
    env = dict(os.environ, ARRAYC_VERBOSE="1", CUDA_CACHE_DISABLE="1")
    rows = []
    for prog in args.programs.split(","):
        for fmt in args.formats.split(","):
            cache = tempfile.mkdtemp()
            env["ARRAYC_CACHE_DIR"] = cache
            p = subprocess.run([sys.executable, "-c", CHILD % {"apps": APPS, "prog": prog,
                                                               "fmt": fmt}],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, timeout=600)
            shutil.rmtree(cache, ignore_errors=True)
            if p.returncode != 0:
                print("%s %s failed: %s" % (prog, fmt, p.stderr[-2000:]), file=sys.stderr)
                continue
            rec = {"program": prog, "format": fmt}
            rec.update(json.loads(p.stdout.strip().splitlines()[-1]))
            rec.update(parse_verbose(p.stderr))
            rows.append(rec)
            print(json.dumps(rec), file=sys.stderr, flush=True)
    cols = ["first_ms", "compile_ms", "passes_ms", "llvm_ms", "load_ms", "run_ms"]
    print("| program | format | first call | compile | of it passes | of it llvm | load "
          "(ORC + modules) | 2nd call |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s |" % (r["program"], r["format"], " | ".join(
            "%.0f" % r[c] if c in r else "" for c in cols)))
    for fmt in args.formats.split(","):
        firsts = [r["first_ms"] for r in rows if r["format"] == fmt]
        if firsts:
            print("%s: first call median %.0f ms, worst %.0f ms over %d programs" % (
                fmt, statistics.median(firsts), max(firsts), len(firsts)))
    if args.out:
        with open(args.out, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")


def harvest(progs, into):
    """The .arr source of each program's first call (cpu target, small inputs)."""
    code = r"""
import os, sys
sys.path.insert(0, %(apps)r)
import numpy as np, run, arrayc
prog = run.load_programs([%(prog)r])[0]
rng = np.random.default_rng(0)
a = prog.small_inputs(rng) if hasattr(prog, "small_inputs") else prog.inputs(rng)
arrayc.jit(prog.KERNEL, target="cpu")(*a)
"""
    sources = {}
    for prog in progs:
        d = os.path.join(into, prog)
        env = dict(os.environ, ARRAYC_DUMP_DIR=d)
        p = subprocess.run([sys.executable, "-c", code % {"apps": APPS, "prog": prog}], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=600)
        found = sorted(glob.glob(os.path.join(d, "*", "0-source.arr")))
        if p.returncode != 0 or not found:
            print("%s: no source (%s)" % (prog, p.stderr[-500:]), file=sys.stderr)
            continue
        sources[prog] = found
    return sources


def local(args):
    work = tempfile.mkdtemp()
    try:
        sources = harvest(args.programs.split(","), work)
        print("| program | compile ms (best of %d) | context | frontend | passes | llvm | "
              "kernel modules |" % args.reps)
        print("|---|---|---|---|---|---|---|")
        for prog, files in sources.items():
            best = None
            for _ in range(args.reps):
                total = [0] * 5
                for src in files:
                    cache = tempfile.mkdtemp()
                    p = subprocess.run([args.arrayc, "run", "--target=cuda", "--gpu-arch=sm_90",
                                        "--verbose", src],
                                       env=dict(os.environ, ARRAYC_CACHE_DIR=cache),
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True, timeout=600)
                    shutil.rmtree(cache, ignore_errors=True)
                    m = PHASES.search(p.stderr)
                    if not m:
                        sys.exit("%s: no compile line:\n%s" % (prog, p.stderr[-2000:]))
                    total = [t + int(x) for t, x in zip(total, m.groups())]
                if best is None or total[0] < best[0]:
                    best = total
            # Kernel modules: what the dump of one cuda compile holds.
            dump = tempfile.mkdtemp()
            subprocess.run([args.arrayc, "run", "--target=cuda", "--gpu-arch=sm_90", files[0]],
                           env=dict(os.environ, ARRAYC_DUMP_DIR=dump,
                                    ARRAYC_CACHE_DIR=os.path.join(dump, "c")),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)
            modules = len(glob.glob(os.path.join(dump, "*", "*.ptx")))
            shutil.rmtree(dump, ignore_errors=True)
            print("| %s | %d | %d | %d | %d | %d | %d |" % ((prog,) + tuple(best) + (modules,)),
                  flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", default=SLOW)
    ap.add_argument("--formats", default="isa,bin",
                    help="kernel formats to compare (isa: PTX, the JIT's default; bin: cubin)")
    ap.add_argument("--out")
    ap.add_argument("--local", action="store_true", help="GPU-free: compile for cuda only")
    ap.add_argument("--arrayc", default=os.path.join(ROOT, "build", "bin", "arrayc"))
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    (local if args.local else device)(args)


if __name__ == "__main__":
    main()
