#!/usr/bin/env python3
"""Weak scaling of sharded functions over 1..G GPUs: arrayc (one process per
GPU under `arrayc launch`, NCCL) against JAX sharding of the same functions
(NamedSharding over jax.devices(), one process). docs/distributed.md.

Workloads (the per-GPU size stays fixed; N GPUs get N times the global size):
  gemm   C = A @ B, f32, A (N*rows x k) split by rows, B (k x m) replicated,
         C gathered to replicated on every GPU (arrayc: --shard=mm:0=0; JAX:
         A in P('x', None), out_shardings replicated).
  chain  sum(sqrt(x*x + 1) * 0.5 - x), f32, x (N*n) split (arrayc:
         --shard=chain:0=0; JAX: x in P('x')): local elementwise chain and
         sum, one all-reduce.
  kmeans one k-means step, f32, the points x (N*points x dims) split, the
         centroids c (clusters x dims) replicated: distances by the expansion
         |c|^2 - 2 x.c (x @ c.T), argmin over the clusters, one-hot, centroid
         sums (onehot.T @ x) and counts, new centroids replicated (arrayc:
         --shard=kstep:0=0; JAX: x in P('x', None)): local products and
         argmin, two all-reduces (sums, counts). The same function is
         test/distributed/kmeans_step.arr, checked against NumPy there.
  jacobi Jacobi sweeps (--sweeps in one call) of the 5-point stencil, f32,
         the grid u (N*grid-rows x grid-cols) split by rows: each sweep
         sets every interior point to the mean of its four neighbours, the
         boundary fixed; the result replicated on every GPU (arrayc: a loop
         of u.copy() and a slice update, --shard=jacobi:0=0, each process
         updating its rows, halo rows exchanged with its neighbours between
         sweeps; JAX: u in P('x', None), lax.fori_loop of
         u.at[1:-1, 1:-1].set(...), out_shardings replicated).
Efficiency = t(1 GPU, base size) / t(N GPUs, N x base size): 1.0 is perfect
weak scaling. Each system's time is the median of --reps timed calls after
a warm-up; arrayc's is the slowest rank's median (each rank times its calls
with perf_counter, which waits for the GPU). JAX computes f32 products at
full f32 precision (jax_default_matmul_precision=highest: cuBLAS's f32
GEMM, as arrayc's without --tf32).

Run from the repository root with a built arrayc (ARRAYC_RUNTIME_DIR set
when the tree is not the build tree):
    python3 bench/distributed/run.py --arrayc .device-carry/arrayc/bin/arrayc
"""
import argparse
import ctypes
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The workloads, in the order of the table (the names the program prints).
WORKLOADS = ("gemm", "chain", "kmeans", "jacobi")

# JAX allocates GPU memory as it needs it, not 75% up front.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

PROGRAM = """\
import numpy as np

def middle(t: f64[n]) -> f64:
    m = 0.0
    for i in range(n):
        below = 0
        for j in range(n):
            if t[j] < t[i]:
                below = below + 1
        if below == n // 2:
            m = t[i]
    return m

def mm(a: f32[n, k], b: f32[k, m]) -> f32[n, m]:
    return a @ b

def chain(x: f32[n]) -> f32:
    return np.sum(np.sqrt(x * x + 1.0) * 0.5 - x)

def kstep(x: f32[n, d], c: f32[k, d]) -> f32[k, d]:
    d2 = np.sum(c * c, axis=1)[None, :] - 2.0 * (x @ c.T)
    lab = np.argmin(d2, axis=1)
    onehot = (lab[:, None] == np.arange(c.shape[0])[None, :]).astype(np.float32)
    sums = onehot.T @ x
    counts = np.sum(onehot, axis=0)
    return sums / np.maximum(counts, 1.0)[:, None]

def jacobi(u: f32[n, m], iters: int) -> f32[n, m]:
    for it in range(iters):
        un = u.copy()
        un[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = un
    return u

def main():
    reps = {reps}
    a = np.random.rand({rows}, {k}).astype(np.float32)
    b = np.random.rand({k}, {m}).astype(np.float32)
    x = np.random.rand({n}).astype(np.float32)
    xs = np.random.rand({points}, {dims}).astype(np.float32)
    cs = np.random.rand({clusters}, {dims}).astype(np.float32)
    g = np.random.rand({grows}, {gcols}).astype(np.float32)
    tg = np.zeros(reps + 1)
    tc = np.zeros(reps + 1)
    tk = np.zeros(reps + 1)
    tj = np.zeros(reps + 1)
    cn = np.zeros(({clusters}, {dims}), dtype=np.float32)
    c = np.zeros(({rows}, {m}), dtype=np.float32)
    s = 0.0
    # Iteration 0 is the warm-up (not timed): a call of mm before the loop
    # would share its zero-filled result buffer with the loop's, and the
    # loop's product would then stay a kernel instead of cuBLAS.
    for r in range(reps + 1):
        # A new input each time: the calls cannot be hoisted out of the loop.
        a[0, 0] = r * 0.5
        x[0] = r * 0.5
        xs[0, 0] = r * 0.5
        g[1, 1] = r * 0.5
        t0 = perf_counter()
        c = mm(a, b)
        t1 = perf_counter()
        s = chain(x)
        t2 = perf_counter()
        cn = kstep(xs, cs)
        t3 = perf_counter()
        gj = jacobi(g, {sweeps})
        t4 = perf_counter()
        tg[r] = t1 - t0
        tc[r] = t2 - t1
        tk[r] = t3 - t2
        tj[r] = t4 - t3
    print("gemm", middle(tg[1:]), c[0, 0] + c[{rows} - 1, {m} - 1])
    print("chain", middle(tc[1:]), s)
    print("kmeans", middle(tk[1:]), np.sum(cn))
    print("jacobi", middle(tj[1:]), gj[1, 1] + gj[{grows} // 2, {gcols} // 2])
"""


def gpu_count():
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
        n = ctypes.c_int(0)
        if cuda.cuInit(0) != 0 or cuda.cuDeviceGetCount(ctypes.byref(n)) != 0:
            return 0
        return n.value
    except OSError:
        return 0


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_arrayc(args, ngpu, work):
    """{'gemm': s, 'chain': s, 'kmeans': s, 'jacobi': s} (slowest rank's medians) or an
    error string."""
    src = os.path.join(work, "weak_%d.arr" % ngpu)
    exe = os.path.join(work, "weak_%d" % ngpu)
    with open(src, "w") as f:
        f.write(PROGRAM.format(reps=args.reps, rows=args.rows * ngpu, k=args.k, m=args.m,
                               n=args.n * ngpu, points=args.points * ngpu, dims=args.dims,
                               clusters=args.clusters, grows=args.grid_rows * ngpu,
                               gcols=args.grid_cols, sweeps=args.sweeps))
    cmd = [args.arrayc, "--target=" + args.target, src, "-o", exe]
    if ngpu > 1 or args.mesh1:
        cmd[2:2] = ["--verbose", "--mesh=%d" % ngpu, "--shard=mm:0=0", "--shard=chain:0=0",
                    "--shard=kstep:0=0", "--shard=jacobi:0=0"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return "compile failed: " + p.stderr.strip()[-2000:]
    if ngpu > 1 or args.mesh1:
        # A call silently left replicated would time replicated work.
        for fn in ("mm", "chain", "kstep", "jacobi"):
            if not re.search(r"shard: %s: .* split over %d processes" % (fn, ngpu), p.stderr):
                return "%s was not split over %d GPUs:\n%s" % (fn, ngpu, p.stderr)
    outdir = os.path.join(work, "out_%d" % ngpu)
    os.makedirs(outdir, exist_ok=True)
    if ngpu > 1 or args.mesh1:
        script = 'exec "$0" > "%s/out.$ARRAYC_RANK" 2> "%s/err.$ARRAYC_RANK"' % (outdir, outdir)
        run = [args.arrayc, "launch", "-np", str(ngpu), "sh", "-c", script, exe]
    else:
        run = ["sh", "-c", 'exec "$0" > "%s/out.0" 2> "%s/err.0"' % (outdir, outdir), exe]
    try:
        p = subprocess.run(run, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return "timed out after %ds" % args.timeout
    errs = ""
    for r in range(ngpu if (ngpu > 1 or args.mesh1) else 1):
        path = os.path.join(outdir, "err.%d" % r)
        if os.path.exists(path):
            errs += open(path).read()
    if p.returncode != 0:
        return "run failed (%d): %s%s" % (p.returncode, p.stderr.strip(), errs.strip())
    times, checks = {}, {}
    for r in range(ngpu if (ngpu > 1 or args.mesh1) else 1):
        for line in open(os.path.join(outdir, "out.%d" % r)):
            parts = line.split()
            if len(parts) == 3 and parts[0] in WORKLOADS:
                times.setdefault(parts[0], []).append(float(parts[1]))
                checks.setdefault(parts[0], set()).add(parts[2])
    for w in WORKLOADS:
        if w not in times:
            return "no %s time in the output" % w
        if len(checks[w]) != 1:
            return "ranks disagree on the %s result: %s" % (w, sorted(checks[w]))
    return {w: max(ts) for w, ts in times.items()}


def run_jax(args, ngpu):
    """{'gemm': s, 'chain': s, 'kmeans': s, 'jacobi': s} or an error string (JAX, one
    process)."""
    try:
        import jax
        import jax.numpy as jnp
        from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
        import numpy as np
    except Exception as e:  # noqa: BLE001
        return "no JAX: %s" % e
    jax.config.update("jax_default_matmul_precision", "highest")
    devices = [d for d in jax.devices() if d.platform == "gpu"]
    if len(devices) < ngpu:
        return "JAX sees %d GPUs" % len(devices)
    mesh = Mesh(np.array(devices[:ngpu]), ("x",))
    rows, n = args.rows * ngpu, args.n * ngpu
    rng = np.random.default_rng(0)
    a = jax.device_put(rng.random((rows, args.k), dtype=np.float32),
                       NamedSharding(mesh, P("x", None)))
    b = jax.device_put(rng.random((args.k, args.m), dtype=np.float32), NamedSharding(mesh, P()))
    x = jax.device_put(rng.random(n, dtype=np.float32), NamedSharding(mesh, P("x")))
    xs = jax.device_put(rng.random((args.points * ngpu, args.dims), dtype=np.float32),
                        NamedSharding(mesh, P("x", None)))
    cs = jax.device_put(rng.random((args.clusters, args.dims), dtype=np.float32),
                        NamedSharding(mesh, P()))
    g = jax.device_put(rng.random((args.grid_rows * ngpu, args.grid_cols), dtype=np.float32),
                       NamedSharding(mesh, P("x", None)))
    rep = NamedSharding(mesh, P())
    mm = jax.jit(lambda a, b: a @ b, out_shardings=rep)
    chain = jax.jit(lambda x: jnp.sum(jnp.sqrt(x * x + 1.0) * 0.5 - x), out_shardings=rep)

    def kstep(x, c):
        d2 = jnp.sum(c * c, axis=1)[None, :] - 2.0 * (x @ c.T)
        lab = jnp.argmin(d2, axis=1)
        onehot = (lab[:, None] == jnp.arange(c.shape[0])[None, :]).astype(jnp.float32)
        sums = onehot.T @ x
        counts = jnp.sum(onehot, axis=0)
        return sums / jnp.maximum(counts, 1.0)[:, None]

    kmeans = jax.jit(kstep, out_shardings=rep)
    sweeps = args.sweeps

    def jacobi_sweeps(u):
        def body(i, u):
            return u.at[1:-1, 1:-1].set(
                0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:]))
        return jax.lax.fori_loop(0, sweeps, body, u)

    jacobi = jax.jit(jacobi_sweeps, out_shardings=rep)
    result = {}
    for name, fn, ins in (("gemm", mm, (a, b)), ("chain", chain, (x,)),
                          ("kmeans", kmeans, (xs, cs)), ("jacobi", jacobi, (g,))):
        fn(*ins).block_until_ready()
        ts = []
        for _ in range(args.reps):
            t0 = time.perf_counter()
            fn(*ins).block_until_ready()
            ts.append(time.perf_counter() - t0)
        result[name] = statistics.median(ts)
    del a, b, x, xs, cs, g
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--arrayc", default=shutil.which("arrayc") or "arrayc")
    ap.add_argument("--gpus", type=int, default=0, help="largest GPU count (default: all)")
    ap.add_argument("--reps", type=int, default=9)
    ap.add_argument("--rows", type=int, default=8192, help="GEMM rows of A per GPU")
    ap.add_argument("--k", type=int, default=8192)
    ap.add_argument("--m", type=int, default=8192)
    ap.add_argument("--n", type=int, default=1 << 27, help="chain elements per GPU")
    ap.add_argument("--points", type=int, default=1 << 22, help="k-means points per GPU")
    ap.add_argument("--dims", type=int, default=16, help="k-means dimensions")
    ap.add_argument("--clusters", type=int, default=64, help="k-means clusters")
    ap.add_argument("--grid-rows", type=int, default=16384, help="Jacobi grid rows per GPU")
    ap.add_argument("--grid-cols", type=int, default=16384, help="Jacobi grid columns")
    ap.add_argument("--sweeps", type=int, default=200, help="Jacobi sweeps per call")
    ap.add_argument("--mesh1", action="store_true",
                    help="1 GPU also through --mesh=1 and arrayc launch (default: a plain "
                         "executable, no collectives)")
    ap.add_argument("--no-jax", action="store_true")
    ap.add_argument("--target", default="cuda",
                    help="cuda; cpu only to check this script with --gpus 1 (no GPU, no mesh)")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    gpus = args.gpus or gpu_count()
    if args.target != "cuda" and (gpus != 1 or args.mesh1):
        sys.exit("--target=cpu: only --gpus 1 without --mesh1 (the cpu mesh runs under mpirun)")
    if gpus < 1:
        sys.exit("no GPU")
    work = tempfile.mkdtemp(prefix="arrayc-weak-")
    rows = []
    base = {}
    # arrayc's runs first: JAX keeps its GPU memory until this process ends.
    for ngpu in range(1, gpus + 1):
        res = {"arrayc": run_arrayc(args, ngpu, work)}
        log("arrayc on %d GPU(s): %s" % (ngpu, res["arrayc"]))
        rows.append((ngpu, res))
    shutil.rmtree(work, ignore_errors=True)
    if not args.no_jax:
        for ngpu, res in rows:
            res["jax"] = run_jax(args, ngpu)
            log("jax on %d GPU(s): %s" % (ngpu, res["jax"]))
    for ngpu, res in rows:
        for system, r in res.items():
            if isinstance(r, dict) and ngpu == 1:
                base[system] = r

    systems = ["arrayc"] + ([] if args.no_jax else ["jax"])
    print("\nWeak scaling (per GPU: GEMM %dx%d @ %dx%d f32; chain %d f32; k-means %d points "
          "x %d dims, %d clusters, f32; Jacobi %dx%d f32, %d sweeps), median of %d"
          % (args.rows, args.k, args.k, args.m, args.n, args.points, args.dims, args.clusters,
             args.grid_rows, args.grid_cols, args.sweeps, args.reps))
    head = "| workload | GPUs | global size |"
    for s in systems:
        head += " %s ms | %s efficiency |" % (s, s)
    print(head)
    print("|" + "---|" * (3 + 2 * len(systems)))
    for w in WORKLOADS:
        for ngpu, res in rows:
            size = {"gemm": "%dx%d @ %dx%d" % (args.rows * ngpu, args.k, args.k, args.m),
                    "chain": "%d" % (args.n * ngpu),
                    "kmeans": "%dx%d, %d clusters" % (args.points * ngpu, args.dims,
                                                      args.clusters),
                    "jacobi": "%dx%d, %d sweeps" % (args.grid_rows * ngpu, args.grid_cols,
                                                    args.sweeps)}[w]
            line = "| %s | %d | %s |" % (w, ngpu, size)
            for s in systems:
                r = res.get(s)
                if isinstance(r, dict):
                    eff = base[s][w] / r[w] if s in base else float("nan")
                    line += " %.3f | %.2f |" % (r[w] * 1e3, eff)
                else:
                    line += " failed | - |"
            print(line)
    failures = [(n, s, r) for n, res in rows for s, r in res.items() if not isinstance(r, dict)]
    for n, s, r in failures:
        print("\n%s on %d GPU(s): %s" % (s, n, r))
    return 1 if any(s == "arrayc" for _, s, _ in failures) else 0


if __name__ == "__main__":
    sys.exit(main())
