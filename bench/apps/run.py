#!/usr/bin/env python3
"""The applications benchmark (issue 27): whole NumPy programs
(bench/apps/programs/*.py) through NumPy on the host (the baseline), arrayc
(@arrayc.jit on CuPy arrays), CuPy, jax.jit and torch.compile, in one run; or,
with --cpu, through NumPy, arrayc's cpu target, Numba's njit and
njit(parallel=True) on NumPy arrays, on the host's cores.

For each program and system: one first call on fresh inputs (its time is
reported as the first-call time, arrayc's compile time), its results checked
against NumPy in float64 (relative L2 error within the dtype's tolerance);
then timed calls, each on fresh copies of the inputs made before the clock
starts, each call followed by the system's device synchronization; medians.
A failing system is recorded with its error and the run goes on.

    python3 bench/apps/run.py --out DIR [--only a,b] [--reps N]
    python3 bench/apps/run.py --dry-run --out DIR   # small inputs, numpy and
                                                    # arrayc (cpu) only
    ARRAYC_LIBRARY=$PWD/build/lib/libarrayc.so PYTHONPATH=python-frontend \
        python3 bench/apps/run.py --cpu --out /tmp/apps-cpu [--small]
        # numpy, arrayc (cpu target), numba (njit), numba_parallel
        # (njit(parallel=True)) on the host's cores; ARRAYC_CACHE_DIR=$(mktemp -d)
        # for arrayc's compile time as its first call
Writes DIR/results.jsonl, DIR/table.md and DIR/apps.png (bench/README.md).
"""
import argparse
import importlib.util
import json
import os
import signal
import sys
import time
import traceback

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402
import systems as S  # noqa: E402

PROGRAMS = os.path.join(HERE, "programs")
# Relative L2 error allowed against NumPy float64, by the result's dtype.
TOL = {"float64": 1e-8, "complex128": 1e-8, "float32": 2e-4, "complex64": 2e-4,
       "float16": 1e-2}


def load_programs(only):
    if PROGRAMS not in sys.path:
        sys.path.insert(0, PROGRAMS)  # programs share helpers (_softmax.py)
    progs = []
    for fn in sorted(os.listdir(PROGRAMS)):
        if not fn.endswith(".py") or fn.startswith("_"):
            continue
        name = fn[:-3]
        if only and name not in only:
            continue
        spec = importlib.util.spec_from_file_location("apps_" + name, os.path.join(PROGRAMS, fn))
        mod = importlib.util.module_from_spec(spec)
        # Registered as a module like any imported one: torch.compile's Dynamo
        # imports the module of the globals it guards on by its name.
        sys.modules[spec.name] = mod
        spec.loader.exec_module(mod)
        mod.NAME = name
        progs.append(mod)
    missing = set(only or ()) - {p.NAME for p in progs}
    if missing:
        sys.exit("no such programs: %s" % ", ".join(sorted(missing)))
    return progs


def upcast(a):
    """The float64 (complex128) twin of a NumPy input; others unchanged."""
    if is_float(a) and a.dtype != np.float64:
        return a.astype(np.complex128 if np.iscomplexobj(a) else np.float64)
    return a


def is_float(a):
    return isinstance(a, np.ndarray) and a.dtype.kind in "fc"


def flat_results(ret):
    if ret is None:
        return []
    if isinstance(ret, (tuple, list)):
        return list(ret)
    return [ret]


def compare(got, ref, tol_override, dtypes=None, floor=0.0):
    """None when `got` matches `ref` (NumPy float64), else what differs; and the
    relative error. `dtypes`: the result dtypes of NumPy on the program's own
    inputs, which `got` must have too; the tolerance is their dtype's, at least
    `floor` (that of the inputs' least precise float dtype)."""
    if len(got) != len(ref):
        return "%d results, NumPy has %d" % (len(got), len(ref)), None
    worst = 0.0
    for i, (g, r) in enumerate(zip(got, ref)):
        g, r = np.asarray(g), np.asarray(r)
        if g.shape != r.shape:
            return "result %d: shape %s, NumPy %s" % (i, g.shape, r.shape), None
        if dtypes is not None and g.dtype != dtypes[i]:
            return "result %d: dtype %s, NumPy %s" % (i, g.dtype, dtypes[i]), None
        if r.dtype.kind in "fc" or g.dtype.kind in "fc":
            gk = g.astype(np.complex128 if np.iscomplexobj(g) else np.float64)
            rk = r.astype(np.complex128 if np.iscomplexobj(r) else np.float64)
            both_nan = np.isnan(gk) & np.isnan(rk)
            gk, rk = np.where(both_nan, 0, gk), np.where(both_nan, 0, rk)
            err = float(np.linalg.norm((gk - rk).ravel()) / max(np.linalg.norm(rk.ravel()), 1e-300))
            if not np.isfinite(err):
                err = float("inf")
            tol = tol_override.get(g.dtype.name, max(TOL.get(g.dtype.name, 1e-8), floor))
            worst = max(worst, err)
            if not err <= tol:
                return "result %d (%s): relative L2 error %.3g > %.3g" % (i, g.dtype, err, tol), worst
        else:
            bad = int(np.count_nonzero(g != r))
            if bad:
                return "result %d (%s): %d of %d elements differ" % (i, g.dtype, bad, r.size), worst
    return None, worst


def tol_floor(args):
    return max([TOL.get(a.dtype.name, 0.0) for a in args if is_float(a)] + [0.0])


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout()


def run_system(sysm, prog, args, ref, opts, dtypes=None):
    """One program on one system: a result record and the results on the host
    (None when it failed); never raises."""
    rec = {"program": prog.NAME, "system": sysm.name}
    skip = getattr(prog, "SKIP", {}).get(sysm.name)
    if skip:
        rec["error"] = "skipped: " + skip
        return rec, None
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(opts.system_timeout)
    stage = "compile"
    try:
        f = sysm.prepare(prog, args)
        stage = "first call"
        staged = sysm.put(args)
        dargs = sysm.fresh(staged)
        sysm.sync(dargs)
        t0 = time.perf_counter()
        out = f(*dargs)
        sysm.sync(out)
        rec["first_call_ms"] = (time.perf_counter() - t0) * 1e3
        stage = "results"
        results = flat_results(out) + sysm.written(dargs, prog)
        note = sysm.note(results)
        if note:
            rec["note"] = note
        got = [sysm.host(x) for x in results]
        if ref is not None:
            msg, err = compare(got, ref, getattr(prog, "TOL", {}),
                               dtypes if sysm.numpy_dtypes else None, tol_floor(args))
            rec["rel_err"] = err
            if msg:
                rec["wrong"] = msg
        if opts.reps == 0:
            return rec, got
        stage = "timed calls"
        times = []
        spent = 0.0
        # At least --min-reps calls, unless the first call alone took more than
        # the budget's share of one: then one.
        min_reps = opts.min_reps if rec["first_call_ms"] * 1e-3 * opts.min_reps <= opts.budget else 1
        while len(times) < opts.reps and (len(times) < min_reps or spent < opts.budget):
            dargs = sysm.fresh(staged)
            sysm.sync(dargs)
            t0 = time.perf_counter()
            out = f(*dargs)
            sysm.sync(out)
            dt = time.perf_counter() - t0
            times.append(dt * 1e3)
            spent += dt
            if dt > opts.budget:  # one slow call is all the time there is
                break
        rec.update(median_ms=float(np.median(times)), min_ms=float(np.min(times)),
                   reps=len(times))
        return rec, got
    except Timeout:
        rec["error"] = "%s: over the %d s limit" % (stage, opts.system_timeout)
    except Exception as e:  # noqa: BLE001
        rec["error"] = sysm.error(stage, e)
        if opts.verbose:
            traceback.print_exc()
    finally:
        signal.alarm(0)
    return rec, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true",
                      help="small inputs; numpy and arrayc on the cpu target only")
    mode.add_argument("--cpu", action="store_true",
                      help="the host's systems: numpy, arrayc on the cpu target, numba "
                      "(njit) and numba_parallel (njit(parallel=True)); full-size inputs "
                      "unless --small")
    ap.add_argument("--small", action="store_true",
                    help="small inputs on every system (a quick check of the device paths)")
    ap.add_argument("--only", default="", help="comma-separated program names")
    ap.add_argument("--systems", default="",
                    help="comma-separated systems (default: all); without numpy, NumPy runs "
                    "for the reference only")
    ap.add_argument("--reps", type=int, default=20, help="at most this many timed calls")
    ap.add_argument("--min-reps", type=int, default=3)
    ap.add_argument("--budget", type=float, default=1.5,
                    help="seconds of timed calls per program and system (at least --min-reps, "
                    "one when a single call takes longer)")
    ap.add_argument("--system-timeout", type=int, default=90,
                    help="seconds one system may take on one program, compile included")
    ap.add_argument("--deadline", type=float, default=0,
                    help="seconds: past this, the remaining runs are recorded as skipped")
    ap.add_argument("--merge", nargs="+", metavar="RESULTS_JSONL",
                    help="only write table.md and apps.png from these results.jsonl files")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    os.makedirs(opts.out, exist_ok=True)
    if opts.merge:
        return merge(opts)
    only = [x for x in opts.only.split(",") if x]
    progs = load_programs(only)
    log_file = open(os.path.join(opts.out, "run.log" if not opts.dry_run else "dry-run.log"), "w")

    def log(msg):
        print(msg, flush=True)
        log_file.write(msg + "\n")

    if hasattr(np, "_set_promotion_state"):
        # NumPy 1.x (the dry run's host): NumPy 2's promotion (NEP 50), which
        # arrayc and the device's NumPy follow.
        np._set_promotion_state("weak")
    S.import_arrayc_path()
    numpy_sys = S.NumPy()
    systems = []
    if opts.dry_run:
        try:
            systems.append(S.Arrayc("cpu"))
        except Exception as e:  # noqa: BLE001
            log("arrayc unavailable: %r" % e)
    elif opts.cpu:
        systems = S.cpu_systems(log)
    else:
        systems = S.gpu_systems(log)
    # NumPy always runs, for the reference; it is timed (a system of the run)
    # unless --systems leaves it out.
    time_numpy = True
    if opts.systems:
        keep = opts.systems.split(",")
        systems = [s for s in systems if s.name in keep]
        time_numpy = "numpy" in keep
    versions = {"numpy": np.__version__}
    versions.update({s.name: getattr(s, "version", "") for s in systems})
    log("systems: " + ", ".join("%s %s" % kv for kv in versions.items()))
    if opts.cpu:
        device = cpu_name()
    elif opts.dry_run:
        device = "%s (dry run, arrayc on cpu)" % cpu_name()
    else:
        device = gpu_name()
    log("device: " + device)

    # Two passes: every system but torch.compile program by program, then
    # torch.compile (whose compiles are the longest), so that --deadline cuts
    # the slowest system's tail first.
    late = [s for s in systems if s.name == "torch_compile"]
    first = [s for s in systems if s not in late]
    t_start = time.perf_counter()
    records, refs = [], {}
    out = open(os.path.join(opts.out, "results.jsonl"), "w")

    def emit(r, args, sizes):
        r["device"] = device
        r["dtype"] = ",".join(sorted({a.dtype.name for a in args if S.is_array(a)}))
        r["shapes"] = sizes
        r["versions"] = versions
        out.write(json.dumps(r) + "\n")
        out.flush()
        log("   " + report.line(r))
        records.append(r)

    for phase, group in (("first", first), ("late", late)):
        if phase == "late" and not group:
            break
        if phase == "late":
            log("== torch.compile, program by program")
        for prog in progs:
            rng = np.random.default_rng(opts.seed)
            args = list(prog.small_inputs(rng) if opts.dry_run or opts.small else prog.inputs(rng))
            sizes = " ".join("x".join(map(str, a.shape)) + ":" + a.dtype.name
                             for a in args if S.is_array(a))
            log("== %s (%s)" % (prog.NAME, sizes))
            if phase == "first":
                refs[prog.NAME] = reference(numpy_sys, prog, args, opts, time_numpy,
                                            lambda r: emit(r, args, sizes), log)
            ref, dtypes = refs[prog.NAME]
            for s in group:
                if opts.deadline and time.perf_counter() - t_start > opts.deadline:
                    r = {"program": prog.NAME, "system": s.name,
                         "error": "skipped: the run passed its --deadline of %d s" % opts.deadline}
                else:
                    r, _ = run_system(s, prog, args, ref, opts, dtypes)
                    S.free_memory(systems)
                emit(r, args, sizes)
            if not late:
                refs.pop(prog.NAME)
            del args
    out.close()
    names = ["numpy"] * time_numpy + [s.name for s in systems]
    table = report.table(records, names, device, versions)
    with open(os.path.join(opts.out, "table.md"), "w") as f:
        f.write(table)
    log(table)
    log(report.chart(records, names, os.path.join(opts.out, "apps.png")))


def merge(opts):
    """table.md and apps.png from the records of several runs (e.g. torch.compile
    run in a device call of its own); a later file's record of a (program,
    system) replaces an earlier one's."""
    recs = {}
    for path in opts.merge:
        for ln in open(path):
            r = json.loads(ln)
            recs[(r["program"], r["system"])] = r
    records = sorted(recs.values(), key=lambda r: r["program"])  # stable: systems keep their order
    order = ["numpy", "arrayc", "cupy", "jax_jit", "torch_compile", "numba", "numba_parallel"]
    names = [n for n in order if any(r["system"] == n for r in records)]
    device = next((r["device"] for r in records), "?")
    versions = {}
    for r in records:
        versions.update(r.get("versions", {}))
    versions = {n: versions[n] for n in names if n in versions}
    table = report.table(records, names, device, versions)
    with open(os.path.join(opts.out, "table.md"), "w") as f:
        f.write(table)
    print(table)
    print(report.chart(records, names, os.path.join(opts.out, "apps.png")))


def reference(numpy_sys, prog, args, opts, timed, emit, log):
    """Runs the NumPy baseline (timed and its record emitted when `timed`) and
    returns the float64 reference results (the baseline's own when the program
    is float64) and the baseline's result dtypes; (None, None) when NumPy
    failed."""
    once = argparse.Namespace(**{**vars(opts), "reps": 0, "min_reps": 0})
    rec, got = run_system(numpy_sys, prog, args, None, opts if timed else once)
    ref = got
    if got is not None and any(is_float(a) and a.dtype != np.float64 for a in args):
        _, ref = run_system(numpy_sys, prog, [upcast(a) for a in args], None, once)
    if ref is not None and got is not None:
        msg, err = compare(got, ref, getattr(prog, "TOL", {}), None, tol_floor(args))
        rec["rel_err"] = err
        if msg:
            rec["wrong"] = msg
    if timed:
        emit(rec)
    if ref is None:
        log("   no NumPy float64 reference: the results are not checked")
        return None, None
    return ref, [np.asarray(g).dtype for g in got]


def cpu_name():
    """The host CPU's model (/proc/cpuinfo) and its core count, e.g. "AMD EPYC
    9454 48-Core Processor (16 cores)": os.cpu_count(), and the cores this
    process may run on when fewer (its affinity)."""
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            for ln in f:
                if ln.split(":")[0].strip() in ("model name", "Model", "Hardware"):
                    model = ln.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    if not model:
        import platform
        model = platform.processor() or platform.machine() or "unknown CPU"
    n = os.cpu_count() or 0
    cores = "%d cores" % n
    try:
        usable = len(os.sched_getaffinity(0))
        if usable < n:
            cores = "%d of its %d cores" % (usable, n)
    except (AttributeError, OSError):
        pass
    return "%s (%s)" % (" ".join(model.split()), cores)


def gpu_name():
    try:
        import cupy
        props = cupy.cuda.runtime.getDeviceProperties(0)
        name = props["name"]
        return name.decode() if isinstance(name, bytes) else str(name)
    except Exception:  # noqa: BLE001
        return "unknown GPU"


if __name__ == "__main__":
    main()
