#!/usr/bin/env python3
"""arrayc benchmark runner (device machine).

Measures the device-to-device copy bandwidth, generates fresh random inputs, runs the
arrayc timing executables (built by bench/build.sh into .device-carry/bench/) and the same
workloads in CuPy (plain and cupy.fuse), PyTorch eager, torch.compile and jax.jit, checks
every output against CuPy's, and writes results.jsonl, table.md and bandwidth.png.

    python3 bench/run.py --out DIR            # on the device machine
    python3 bench/run.py --dry-run --out DIR  # anywhere: NumPy only, small sizes

Every time is the median wall time of one synchronized call after warm-up (host clock
around call + device synchronize), the same definition as bench/harness/harness.cpp.
"""
import argparse
import datetime
import __future__
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")  # share the GPU with CuPy/torch
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np

from inplace_workloads import add_inplace_workloads, inplace_output, inplace_params

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXE_DIR = os.path.join(ROOT, ".device-carry", "bench")


# --------------------------------------------------------------------------- workloads
def make_workloads(dry):
    N = 2**12 if dry else 2**26
    D = 10**5 if dry else 10**8
    R = 64 if dry else 8192
    P = (16, 8, 8) if dry else (1024, 512, 512)
    S = 10**4
    f32 = np.float32

    def randn(rng, *shape):
        return rng.standard_normal(shape, dtype=f32)

    def unif(rng, *shape):
        return rng.random(shape, dtype=f32)

    W = []

    # queued=False: the harness skips its 100 back-to-back calls (slow workloads).
    # inplace: for functions that update their arguments and return nothing (issue 25),
    # dict(sig, outs) from build.sh's table (inplace_table): gen() makes the array
    # arguments only; the output is the arrays `outs` after one call, concatenated.
    def add(name, src_note, gen, nbytes, fns, tol, unit="ms", reps=20, warmup=3, queued=True,
            graphs=False, inplace=None):
        W.append(dict(name=name, note=src_note, gen=gen, bytes=nbytes, fns=fns, tol=tol,
                      unit=unit, reps=reps, warmup=warmup, queued=queued, graphs=graphs,
                      inplace=inplace))

    # fns: {"np": f(m, *args) numpy-like (numpy, cupy, jax.numpy), "torch": f(torch, *args),
    #       "fuse": bool (cupy.fuse applies), "compile": bool (torch.compile measured)}
    sqd = lambda m, x, y: (x - y) * (x - y)
    add("sqdiff", "(x-y)*(x-y), 2^26 f32", lambda r: [randn(r, N), randn(r, N)], 3 * N * 4,
        dict(np=sqd, torch=sqd, fuse=True, compile=True), 1e-5)
    chain = lambda m, x, y: 0.5 * m.sin(x) + 2.0 * m.exp(-y * y) * m.tanh(x + y)
    add("chain", "0.5*sin(x)+2*exp(-y*y)*tanh(x+y), 2^26 f32",
        lambda r: [randn(r, N), randn(r, N)], 3 * N * 4,
        dict(np=chain, torch=chain, fuse=True, compile=True), 1e-5)
    add("sum", "sum(x), 2^26 f32 (x uniform [0,1))", lambda r: [unif(r, N)], N * 4,
        dict(np=lambda m, x: m.sum(x), torch=lambda t, x: t.sum(x), fuse=False, compile=False),
        1e-5)
    add("mse", "mean((x-y)**2), 2^26 f32", lambda r: [unif(r, N), unif(r, N)], 2 * N * 4,
        dict(np=lambda m, x, y: m.sum((x - y) ** 2) / float(N),
             torch=lambda t, x, y: t.mean((x - y) ** 2), fuse=True, compile=True), 1e-5)
    add("dot_1e8", "dot(a,b) of 1e8 f32 (arrayc: sum(a*b))", lambda r: [unif(r, D), unif(r, D)],
        2 * D * 4,
        dict(np=lambda m, a, b: m.dot(a, b), torch=lambda t, a, b: t.dot(a, b), fuse=False,
             compile=False), 1e-5)

    def softmax(m, a):
        e = m.exp(a - m.max(a, axis=1, keepdims=True))
        return e / m.sum(e, axis=1, keepdims=True)

    def softmax_t(t, a):
        e = t.exp(a - t.amax(a, dim=1, keepdim=True))
        return e / t.sum(e, dim=1, keepdim=True)

    add("softmax_8192", "row softmax, 8192x8192 f32", lambda r: [randn(r, R, R)], 2 * R * R * 4,
        dict(np=softmax, torch=softmax_t, fuse=False, compile=True), 1e-5)

    # The same softmax over the last axis of a 4-d array (attention scores:
    # batch x heads x queries x keys), rows of 448.
    def softmax_last(m, a):
        e = m.exp(a - m.max(a, axis=-1, keepdims=True))
        return e / m.sum(e, axis=-1, keepdims=True)

    def softmax_last_t(t, a):
        e = t.exp(a - t.amax(a, dim=-1, keepdim=True))
        return e / t.sum(e, dim=-1, keepdim=True)

    S4 = (2, 4, 32, 48) if dry else (64, 16, 448, 448)
    add("softmax4d", "softmax over the last axis, 64x16x448x448 f32",
        lambda r: [randn(r, *S4)], 2 * int(np.prod(S4)) * 4,
        dict(np=softmax_last, torch=softmax_last_t, fuse=False, compile=True), 1e-5)

    def layernorm(m, a):
        mu = m.mean(a, axis=1, keepdims=True)
        var = m.var(a, axis=1, keepdims=True)
        return (a - mu) / m.sqrt(var + 1e-5)

    def layernorm_t(t, a):
        mu = t.mean(a, dim=1, keepdim=True)
        var = t.var(a, dim=1, keepdim=True, unbiased=False)
        return (a - mu) / t.sqrt(var + 1e-5)

    add("layernorm_8192", "row layernorm, eps 1e-5, no affine, 8192x8192 f32",
        lambda r: [randn(r, R, R)], 2 * R * R * 4,
        dict(np=layernorm, torch=layernorm_t, fuse=False, compile=True), 1e-5)
    add("transpose_8192", "a.T made contiguous, 8192x8192 f32", lambda r: [randn(r, R, R)],
        2 * R * R * 4,
        dict(np=lambda m, a: a.T.copy(), torch=lambda t, a: a.t().contiguous(),
             fuse=False, compile=True), 0.0)
    # A scan reads x once and writes the result once at best (arrayc reads x twice:
    # tile totals, then the tiles' scans).
    add("cumsum_2e26", "cumsum(x), 2^26 f32", lambda r: [randn(r, N)], 2 * N * 4,
        dict(np=lambda m, x: m.cumsum(x), torch=lambda t, x: t.cumsum(x, dim=0), fuse=False,
             compile=True), 1e-4)
    add("prod_axis0_f64", "prod(a, axis=0), 1024x512x512 f64 (a uniform [0.99,1.01))",
        lambda r: [r.uniform(0.99, 1.01, P)], (P[0] + 1) * P[1] * P[2] * 8,
        dict(np=lambda m, a: m.prod(a, axis=0), torch=lambda t, a: t.prod(a, dim=0), fuse=False,
             compile=False), 1e-10)
    # Compute-bound: the byte floor does not apply (2 * 8192^3 flops; f32 without
    # TF32 on every system: PyTorch's default, cuBLAS's default math mode).
    add("matmul_f32_8192", "a @ b, 8192x8192 f32, TF32 off",
        lambda r: [randn(r, R, R), randn(r, R, R)], 3 * R * R * 4,
        dict(np=lambda m, a, b: m.matmul(a, b), torch=lambda t, a, b: t.matmul(a, b),
             fuse=False, compile=False), 1e-4, reps=10)
    # TF32 on for this workload only, on every system (CuPy: its compute type for
    # f32; PyTorch: allow_tf32; JAX: the product's precision).
    def mm_tf32(m, a, b):
        name = getattr(m, "__name__", "")
        if name.startswith("jax"):
            return m.matmul(a, b, precision="tensorfloat32")
        if name == "cupy":
            from cupy._core import _routines_linalg as L
            L.set_compute_type(np.float32, L.COMPUTE_TYPE_TF32)
            try:
                return m.matmul(a, b)
            finally:
                L.set_compute_type(np.float32, L.COMPUTE_TYPE_DEFAULT)
        return m.matmul(a, b)

    def mm_tf32_t(t, a, b):
        t.backends.cuda.matmul.allow_tf32 = True
        try:
            return t.matmul(a, b)
        finally:
            t.backends.cuda.matmul.allow_tf32 = False

    add("matmul_tf32_8192", "a @ b, 8192x8192 f32, TF32 on (arrayc --tf32)",
        lambda r: [randn(r, R, R), randn(r, R, R)], 3 * R * R * 4,
        dict(np=mm_tf32, torch=mm_tf32_t, fuse=False, compile=False), 1e-3, reps=10)
    add("matmul_f16_8192", "a @ b, 8192x8192 f16 (f32 accumulation)",
        lambda r: [randn(r, R, R).astype(np.float16), randn(r, R, R).astype(np.float16)],
        3 * R * R * 2,
        dict(np=lambda m, a, b: m.matmul(a, b), torch=lambda t, a, b: t.matmul(a, b),
             fuse=False, compile=False), 5e-3, reps=10)
    # Mixed precision (arrayc --fp16): f32 operands rounded to f16, the product on
    # the tensor cores with f32 accumulation; the peers do the same casts by hand
    # (their results are f16, arrayc's f32).
    add("matmul_fp16_8192", "a @ b, 8192x8192 f32 (arrayc --fp16; peers cast to f16 first)",
        lambda r: [randn(r, R, R), randn(r, R, R)], 3 * R * R * 4,
        dict(np=lambda m, a, b: m.matmul(a.astype(m.float16), b.astype(m.float16)),
             torch=lambda t, a, b: t.matmul(a.half(), b.half()), fuse=False, compile=False),
        1e-2, reps=10)
    # One MLP layer as NumPy users write it, relu(x @ w + b), 4096x4096 f32 with TF32
    # off; the bias is w's first row (the harness passes two arrays of one rank).
    # arrayc: one cuBLASLt call with the bias+ReLU epilogue (no kernel after the
    # product).
    ML = 256 if dry else 4096
    add("mlp_layer_4096", "relu(x @ w + w[0]), 4096x4096 f32, TF32 off",
        lambda r: [randn(r, ML, ML), randn(r, ML, ML)], 3 * ML * ML * 4,
        dict(np=lambda m, x, w: m.maximum(x @ w + w[0], 0.0),
             torch=lambda t, x, w: t.relu(x @ w + w[0]), fuse=False, compile=True),
        1e-4, reps=20)
    # A batch of small products (docs/runtime.md's strided-batched GEMM): 4096
    # products of 32x32 by 32x32 f32, one strided-batched cuBLAS call in arrayc.
    BB = (64, 32, 32) if dry else (4096, 32, 32)
    add("bmm_4096x32", "a @ b of (4096, 32, 32) f32 arrays: 4096 32x32x32 products",
        lambda r: [randn(r, *BB), randn(r, *BB)], 3 * int(np.prod(BB)) * 4,
        dict(np=lambda m, a, b: m.matmul(a, b), torch=lambda t, a, b: t.matmul(a, b),
             fuse=False, compile=False), 1e-5, reps=50)
    # The seed's pairwise distance: a 10000x10000x784 f16 product (compute-bound
    # on the tensor cores) and its elementwise epilogue (200 MB of f16 out).
    PD = (256, 784) if dry else (10000, 784)

    def pairwise(m, p, q):
        return m.sqrt(m.einsum('ij,ij->i', q, q)[:, None] - 2 * q @ p.T
                      + m.einsum('ij,ij->i', p, p))

    add("pairwise_dist_f16", "sqrt(|q|^2 - 2 q@p.T + |p|^2), p, q 10000x784 f16",
        lambda r: [randn(r, *PD).astype(np.float16), randn(r, *PD).astype(np.float16)],
        (2 * PD[0] * PD[1] + PD[0] * PD[0]) * 2,
        dict(np=pairwise, torch=pairwise, fuse=False, compile=True), 5e-3, reps=20)
    add("small_sqdiff_1e4", "sqdiff of 1e4 f32, per-call time with dispatch",
        lambda r: [randn(r, S), randn(r, S)], 3 * S * 4,
        dict(np=sqd, torch=sqd, fuse=True, compile=True), 1e-5, unit="us", reps=300,
        warmup=20)
    # Small calls of several kernels: what CUDA-graph replay is for (arrayc runs
    # them twice: as built, and with ARRAYC_CUDA_GRAPHS=0 as system arrayc_nographs).
    add("small_sum_1e4", "sum(x) of 1e4 f32 (4 kernels), per-call time with dispatch",
        lambda r: [unif(r, S)], S * 4,
        dict(np=lambda m, x: m.sum(x), torch=lambda t, x: t.sum(x), fuse=False, compile=False),
        1e-5, unit="us", reps=300, warmup=20, graphs=True)
    SR = (16, 64) if dry else (64, 1024)
    add("small_softmax_64x1024", "row softmax of 64x1024 f32, per-call time with dispatch",
        lambda r: [randn(r, *SR)], 2 * SR[0] * SR[1] * 4,
        dict(np=softmax, torch=softmax_t, fuse=False, compile=True), 1e-5, unit="us",
        reps=300, warmup=20, graphs=True)

    # Library workloads (compute-bound: the byte floor does not apply), f32. det, inv
    # and solve get I + E (E random with spectral radius ~0.5): well conditioned, and
    # a determinant of order 1 (a plain random matrix's overflows f32).
    def near_identity(r, n):
        return (np.eye(n, dtype=f32) + randn(r, n, n) * f32(0.5 / np.sqrt(n))).astype(f32)

    lib = lambda np_fn, torch_fn: dict(np=np_fn, torch=torch_fn, fuse=False, compile=False)
    L1, L2, L4 = (32, 64, 128) if dry else (512, 2048, 4096)
    for n in (L1, L2):
        add(f"qr_{n}", f"|r| of qr(a), {n}x{n} f32", lambda r, n=n: [randn(r, n, n)],
            2 * n * n * 4, lib(lambda m, a: m.abs(m.linalg.qr(a)[1]),
                               lambda t, a: t.abs(t.linalg.qr(a)[1])), 1e-3,
            reps=10, queued=False)
    for n in (L1, L2):
        add(f"det_{n}", f"det(I + E), {n}x{n} f32", lambda r, n=n: [near_identity(r, n)],
            n * n * 4, lib(lambda m, a: m.linalg.det(a), lambda t, a: t.linalg.det(a)), 1e-3,
            reps=10, queued=False)
    for n in (L1, L2):
        add(f"svd_{n}", f"s of svd(a) (u, vh computed), {n}x{n} f32",
            lambda r, n=n: [randn(r, n, n)], n * n * 4,
            lib(lambda m, a: m.linalg.svd(a)[1], lambda t, a: t.linalg.svd(a)[1]), 1e-3,
            reps=5, warmup=2, queued=False)
    add(f"inv_{L4}", f"inv(I + E), {L4}x{L4} f32", lambda r: [near_identity(r, L4)],
        2 * L4 * L4 * 4, lib(lambda m, a: m.linalg.inv(a), lambda t, a: t.linalg.inv(a)),
        1e-4, reps=10, queued=False)
    add(f"solve_{L4}x16", f"solve(I + E, b), {L4}x{L4} f32, 16 right-hand sides",
        lambda r: [near_identity(r, L4), randn(r, L4, 16)], (L4 * L4 + 32 * L4) * 4,
        lib(lambda m, a, b: m.linalg.solve(a, b), lambda t, a, b: t.linalg.solve(a, b)),
        1e-4, reps=10, queued=False)
    F, F2 = (2**12, 64) if dry else (2**24, 4096)
    c64 = lambda r, *shape: (randn(r, *shape) + 1j * randn(r, *shape)).astype(np.complex64)
    add("fft_c64_2e24", "fft(x), 2^24 c64", lambda r: [c64(r, F)], 2 * F * 8,
        lib(lambda m, x: m.fft.fft(x), lambda t, x: t.fft.fft(x)), 1e-5)
    add("fft2_c64_4096", "fft2(x), 4096x4096 c64", lambda r: [c64(r, F2, F2)],
        2 * F2 * F2 * 8, lib(lambda m, x: m.fft.fft2(x), lambda t, x: t.fft.fft2(x)), 1e-5)
    add("rfft_f32_2e24", "rfft(x), 2^24 f32", lambda r: [randn(r, F)], F * 4 + (F // 2 + 1) * 8,
        lib(lambda m, x: m.fft.rfft(x), lambda t, x: t.fft.rfft(x)), 1e-5)
    add_inplace_workloads(add, dry, unif)
    return W


# --------------------------------------------------------------------------- timing
def time_calls(fn, sync, reps, warmup, max_s=3.0):
    """Median/min wall ms of `fn(); sync()` after warm-up; stops early past max_s (>=5 reps)."""
    out = None
    for _ in range(warmup):
        out = fn()
    sync()
    ts = []
    start = time.perf_counter()
    for i in range(reps):
        t0 = time.perf_counter()
        out = fn()
        sync()
        ts.append((time.perf_counter() - t0) * 1e3)
        if i >= 4 and time.perf_counter() - start > max_s:
            break
    return out, statistics.median(ts), min(ts), len(ts)


def rel_err(out, ref):
    o = np.asarray(out, dtype=np.float64).ravel()
    r = np.asarray(ref, dtype=np.float64).ravel()
    if o.shape != r.shape:
        return float("inf")
    if not np.all(np.isfinite(o)):
        return float("nan")
    den = np.linalg.norm(r)
    return float(np.linalg.norm(o - r) / (den if den > 0 else 1.0))


# --------------------------------------------------------------------------- systems
BENCH_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arrayc_jit_table():
    """workload -> (source, function, flags) from bench/build.sh's WORKLOADS table:
    the same `.arr` functions, run through the Python package (@arrayc.jit)."""
    text = open(os.path.join(BENCH_ROOT, "bench", "build.sh")).read()
    body = text.split('WORKLOADS="', 1)[1].split('"', 1)[0]
    table = {}
    for line in body.strip().splitlines():
        parts = line.split()
        if len(parts) >= 8:
            table[parts[0]] = (parts[1], parts[2], parts[8:])
    return table


class Systems:
    """Peer frameworks; each returns (output_to_host, median_ms, min_ms, n) or raises."""

    def __init__(self, dry):
        self.dry = dry
        self.cp = self.torch = self.jax = self.jnp = None
        self.versions = {"numpy": np.__version__}
        if dry:
            return
        import cupy as cp
        self.cp = cp
        self.versions["cupy"] = cp.__version__
        try:
            import torch
            self.torch = torch
            self.versions["torch"] = torch.__version__
        except Exception as e:  # noqa: BLE001
            print("torch unavailable:", e, file=sys.stderr)
        try:
            import jax
            try:  # for the f64 workload; explicitly f32 arrays stay f32
                jax.config.update("jax_enable_x64", True)
            except Exception as e:  # noqa: BLE001
                print("jax x64 unavailable:", e, file=sys.stderr)
            # f32 products exactly in f32 (JAX's default may use TF32 on the GPU).
            jax.config.update("jax_default_matmul_precision", "highest")
            import jax.numpy as jnp
            self.jax, self.jnp = jax, jnp
            self.versions["jax"] = jax.__version__
        except Exception as e:  # noqa: BLE001
            print("jax unavailable:", e, file=sys.stderr)
        # The Python package (python-frontend), when libarrayc is found.
        self.arrayc, self.jit_table, self.jit_modules = None, {}, {}
        try:
            sys.path.insert(0, os.path.join(BENCH_ROOT, "python-frontend"))
            import arrayc
            self.arrayc = arrayc
            self.jit_table = arrayc_jit_table()
            self.versions["arrayc_python"] = arrayc.__version__
        except Exception as e:  # noqa: BLE001
            print("arrayc (Python) unavailable:", e, file=sys.stderr)

    def arrayc_jit(self, w, dx, csync, reps, warm):
        """The workload's `.arr` function through @arrayc.jit, on CuPy's arrays:
        the file is executed as Python (annotations unevaluated) and the function
        decorated, as a user of the Python package would write it."""
        src, fname, flags = self.jit_table[w["name"]]
        key = (src, fname, tuple(flags))
        if key not in self.jit_modules:
            path = os.path.join(BENCH_ROOT, "bench", "workloads", src + ".arr")
            code = compile(open(path).read(), path, "exec",
                           flags=__future__.annotations.compiler_flag, dont_inherit=True)
            namespace = {}
            exec(code, namespace)
            self.jit_modules[key] = self.arrayc.jit(
                namespace[fname], target="cuda", tf32="--tf32" in flags,
                fp16="--fp16" in flags)
        f = self.jit_modules[key]
        ctx = self.arrayc.get_context("cuda")

        def sync():
            ctx.synchronize()
            csync()
        if w.get("inplace"):  # dx: fresh copies; one call, then the timed calls
            f(*inplace_params(w, dx))
            sync()
            out = inplace_output(w, dx, self.arrayc.asnumpy)
            _, med, mn, n = time_calls(lambda: f(*inplace_params(w, dx)), sync, reps, warm)
            return out, med, mn, n
        out, med, mn, n = time_calls(lambda: f(*dx), sync, reps, warm)
        return self.arrayc.asnumpy(out), med, mn, n

    def free(self):
        if self.cp is not None:
            self.cp.get_default_memory_pool().free_all_blocks()
        if self.torch is not None:
            self.torch.cuda.empty_cache()

    def copy_bandwidth(self):
        """Device-to-device copy of 1 GiB: bytes read + written / median time."""
        if self.dry:
            return None
        cp = self.cp
        nbytes = 1 << 30
        src = cp.random.random(nbytes // 4, dtype=cp.float32)
        dst = cp.empty_like(src)
        res = {}
        s, e = cp.cuda.Event(), cp.cuda.Event()
        ts = []
        for i in range(25):
            s.record()
            dst.data.copy_from_device(src.data, nbytes)  # cudaMemcpyAsync D2D
            e.record()
            e.synchronize()
            if i >= 5:
                ts.append(cp.cuda.get_elapsed_time(s, e))
        res["cupy_memcpy_d2d"] = 2 * nbytes / (statistics.median(ts) * 1e-3) / 1e12
        ts = []
        for i in range(25):
            s.record()
            dst[...] = src  # elementwise copy kernel
            e.record()
            e.synchronize()
            if i >= 5:
                ts.append(cp.cuda.get_elapsed_time(s, e))
        res["cupy_copy_kernel"] = 2 * nbytes / (statistics.median(ts) * 1e-3) / 1e12
        if self.torch is not None:
            t = self.torch
            a = t.rand(nbytes // 4, device="cuda")
            b = t.empty_like(a)
            s2, e2 = t.cuda.Event(enable_timing=True), t.cuda.Event(enable_timing=True)
            ts = []
            for i in range(25):
                s2.record()
                b.copy_(a)
                e2.record()
                e2.synchronize()
                if i >= 5:
                    ts.append(s2.elapsed_time(e2))
            res["torch_copy"] = 2 * nbytes / (statistics.median(ts) * 1e-3) / 1e12
            del a, b
        del src, dst
        self.free()
        return res

    def run_peers_inplace(self, w, inputs):
        """run_peers for an in-place workload: each system gets fresh copies of the
        inputs, ONE call whose updated arrays are the output, then warm-up and timed
        calls on the arrays as they are left (the work does not depend on the values)."""
        fns = w["fns"]
        reps, warm = w["reps"], w["warmup"]
        outs = w["inplace"]["outs"]
        if self.dry:
            xs = [a.copy() for a in inputs]
            fns["np"](np, *inplace_params(w, xs))
            out = inplace_output(w, xs)
            _, med, mn, n = time_calls(lambda: fns["np"](np, *inplace_params(w, xs)),
                                       lambda: None, reps, warm)
            yield "numpy", out, med, mn, n, None
            return
        cp = self.cp
        csync = lambda: cp.cuda.get_current_stream().synchronize()
        try:
            dx = [cp.asarray(a) for a in inputs]
            csync()
            fns["np"](cp, *inplace_params(w, dx))
            csync()
            out = inplace_output(w, dx, cp.asnumpy)
            _, med, mn, n = time_calls(lambda: fns["np"](cp, *inplace_params(w, dx)), csync,
                                       reps, warm)
            yield "cupy", out, med, mn, n, None
        except Exception as e:  # noqa: BLE001
            yield "cupy", None, None, None, 0, repr(e)[:200]
        if self.arrayc is not None and w["name"] in self.jit_table:
            try:
                dx = [cp.asarray(a) for a in inputs]
                out, med, mn, n = self.arrayc_jit(w, dx, csync, reps, warm)
                yield "arrayc_jit", out, med, mn, n, None
            except Exception as e:  # noqa: BLE001
                yield "arrayc_jit", None, None, None, 0, repr(e)[:200]
        dx = None
        self.free()
        if self.torch is not None:
            t = self.torch
            tsync = t.cuda.synchronize
            host = lambda x: x.cpu().numpy()
            for system, fn in (("torch", None), ("torch_compile", "compile")):
                if fn and not fns["compile"]:
                    continue
                try:
                    tx = [t.from_numpy(a).cuda() for a in inputs]
                    tsync()
                    if fn:
                        g = t.compile(lambda *a: fns["torch"](t, *a), dynamic=False)
                    else:
                        g = lambda *a: fns["torch"](t, *a)
                    t0 = time.perf_counter()
                    g(*inplace_params(w, tx))  # torch.compile: compiles, then runs once
                    tsync()
                    if fn:
                        print(f"  torch.compile first call {time.perf_counter() - t0:.1f} s",
                              flush=True)
                    out = inplace_output(w, tx, host)
                    _, med, mn, n = time_calls(lambda: g(*inplace_params(w, tx)), tsync, reps,
                                               warm)
                    yield system, out, med, mn, n, None
                except Exception as e:  # noqa: BLE001
                    yield system, None, None, None, 0, repr(e)[:200]
                tx = None
                self.free()
        if self.jax is not None:
            jax, jnp = self.jax, self.jnp
            try:
                from jax import lax
                st = [jax.device_put(a) for a in inputs]
                for a in st:
                    a.block_until_ready()
                # The scalars are Python ints (static); the updated arrays are donated,
                # so XLA may update them in place (no copy into the loop's buffers).
                f = jax.jit(lambda *a: fns["jax"](jnp, lax, *inplace_params(w, a)),
                            donate_argnums=tuple(outs))

                def call():
                    res = f(*st)
                    for k, v in zip(outs, res):
                        st[k] = v
                    return res

                def sync():
                    for k in outs:
                        st[k].block_until_ready()

                t0 = time.perf_counter()
                call()
                sync()
                print(f"  jax.jit first call {time.perf_counter() - t0:.1f} s", flush=True)
                out = inplace_output(w, st)
                _, med, mn, n = time_calls(call, sync, reps, warm)
                yield "jax_jit", out, med, mn, n, None
                del st
            except Exception as e:  # noqa: BLE001
                yield "jax_jit", None, None, None, 0, repr(e)[:200]

    def run_peers(self, w, inputs):
        """Yields (system, out_host or None, med, mn, n, error_string or None)."""
        if w.get("inplace"):
            yield from self.run_peers_inplace(w, inputs)
            return
        fns = w["fns"]
        reps, warm = w["reps"], w["warmup"]
        if self.dry:
            out, med, mn, n = time_calls(lambda: fns["np"](np, *inputs), lambda: None, reps,
                                         warm)
            yield "numpy", np.asarray(out), med, mn, n, None
            return
        cp = self.cp
        csync = lambda: cp.cuda.get_current_stream().synchronize()
        dx = [cp.asarray(a) for a in inputs]
        csync()
        try:
            out, med, mn, n = time_calls(lambda: fns["np"](cp, *dx), csync, reps, warm)
            yield "cupy", cp.asnumpy(out), med, mn, n, None
        except Exception as e:  # noqa: BLE001
            yield "cupy", None, None, None, 0, repr(e)[:200]
        if self.arrayc is not None and w["name"] in self.jit_table:
            try:
                out, med, mn, n = self.arrayc_jit(w, dx, csync, reps, warm)
                yield "arrayc_jit", out, med, mn, n, None
            except Exception as e:  # noqa: BLE001
                yield "arrayc_jit", None, None, None, 0, repr(e)[:200]
        if fns["fuse"]:
            try:
                f = cp.fuse(kernel_name="bench_" + w["name"])(lambda *a: fns["np"](cp, *a))
                out, med, mn, n = time_calls(lambda: f(*dx), csync, reps, warm)
                yield "cupy_fuse", cp.asnumpy(out), med, mn, n, None
            except Exception as e:  # noqa: BLE001
                yield "cupy_fuse", None, None, None, 0, repr(e)[:200]
        del dx
        self.free()
        if self.torch is not None:
            t = self.torch
            tsync = t.cuda.synchronize
            tx = [t.from_numpy(a).cuda() for a in inputs]
            tsync()
            try:
                out, med, mn, n = time_calls(lambda: fns["torch"](t, *tx), tsync, reps, warm)
                yield "torch", out.cpu().numpy(), med, mn, n, None
            except Exception as e:  # noqa: BLE001
                yield "torch", None, None, None, 0, repr(e)[:200]
            if fns["compile"]:
                try:
                    g = t.compile(lambda *a: fns["torch"](t, *a), dynamic=False)
                    t0 = time.perf_counter()
                    g(*tx)
                    tsync()
                    print(f"  torch.compile first call {time.perf_counter() - t0:.1f} s",
                          flush=True)
                    out, med, mn, n = time_calls(lambda: g(*tx), tsync, reps, warm)
                    yield "torch_compile", out.cpu().numpy(), med, mn, n, None
                except Exception as e:  # noqa: BLE001
                    yield "torch_compile", None, None, None, 0, repr(e)[:200]
            del tx
            self.free()
        if self.jax is not None:
            jax, jnp = self.jax, self.jnp
            try:
                jx = [jax.device_put(a) for a in inputs]
                for a in jx:
                    a.block_until_ready()
                f = jax.jit(lambda *a: fns["np"](jnp, *a))
                holder = {}

                def call():
                    holder["r"] = f(*jx)
                    return holder["r"]

                out, med, mn, n = time_calls(call, lambda: holder["r"].block_until_ready(),
                                             reps, warm)
                yield "jax_jit", np.asarray(out), med, mn, n, None
                del jx, out, holder
            except Exception as e:  # noqa: BLE001
                yield "jax_jit", None, None, None, 0, repr(e)[:200]


def arrayc_variants(exe_dir):
    """'' for bench_NAME, 'X' for bench_NAME.X (see build.sh's VARIANT)."""
    d = exe_dir or EXE_DIR
    vs = {""}
    if os.path.isdir(d):
        for f in os.listdir(d):
            if f.startswith("bench_") and "." in f and not f.endswith(".txt"):
                vs.add(f.split(".", 1)[1])
    return sorted(vs)


def run_arrayc(w, paths, workdir, dry, exe_dir=None, variant="", env_extra=None):
    exe = os.path.join(exe_dir or EXE_DIR, "bench_" + w["name"] + (f".{variant}" if variant else ""))
    if (dry and not exe_dir) or not os.path.exists(exe):
        return None, None, "not run (dry run)" if dry else f"missing {exe}"
    out_path = os.path.join(workdir, w["name"] + "_arrayc.npy")
    reps = max(w["reps"], 20)
    cmd = [exe, *paths, out_path, str(max(w["warmup"], 3)), str(reps), "0"]
    try:
        env = dict(os.environ, **(env_extra or {}))
        if not w["queued"]:
            env["ARRAYC_BENCH_QUEUED"] = "0"
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env)
    except subprocess.TimeoutExpired:
        return None, None, "timeout"
    if p.returncode != 0:
        return None, None, f"exit {p.returncode}: {(p.stderr or p.stdout).strip()[-300:]}"
    line = [l for l in p.stdout.splitlines() if l.startswith("{")][-1]
    rec = json.loads(line)
    out = np.load(out_path)
    os.remove(out_path)
    if NCU and time.perf_counter() - T0 < 300:  # keep the whole run inside its budget
        rec.update(ncu_kernel_times(exe, paths, out_path))
    return rec, out, None


T0 = time.perf_counter()
NCU = None  # path of Nsight Compute's ncu when --ncu is given and found


def find_ncu():
    import glob
    for c in [shutil.which("ncu"), "/usr/local/cuda/bin/ncu",
              *sorted(glob.glob("/opt/nvidia/nsight-compute/*/ncu"))]:
        if c and os.path.exists(c):
            return c
    return None


def ncu_kernel_times(exe, paths, out_path):
    """GPU time of the kernels of one call, under ncu (clocks left as found): the harness
    makes 1 warm-up + 2 timed + 1 output call; durations are summed and divided by 4."""
    import csv
    calls = 4
    cmd = [NCU, "--clock-control", "none", "--metrics", "gpu__time_duration.sum", "--csv",
           exe, *paths, out_path, "1", "2", "0"]
    try:
        # Without the harness's queued calls: only the 4 calls counted below.
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                           env=dict(os.environ, ARRAYC_BENCH_QUEUED="0"))
    except subprocess.TimeoutExpired:
        return {"ncu_error": "timeout"}
    finally:
        if os.path.exists(out_path):
            os.remove(out_path)
    rows = [r for r in csv.reader(l for l in p.stdout.splitlines() if l.startswith('"'))]
    if not rows or "Metric Value" not in rows[0]:
        return {"ncu_error": (p.stderr or p.stdout).strip()[-300:]}
    h = rows[0]
    ki, ui, vi = h.index("Kernel Name"), h.index("Metric Unit"), h.index("Metric Value")
    scale = {"nsecond": 1e-6, "ns": 1e-6, "usecond": 1e-3, "us": 1e-3, "msecond": 1.0,
             "ms": 1.0}
    seq = []  # (name, ms) in launch order; every kernel of a function may share one name
    for r in rows[1:]:
        try:
            v = float(r[vi].replace(",", "")) * scale.get(r[ui], float("nan"))
        except ValueError:
            continue
        seq.append((r[ki].split("(")[0], v))
    total = sum(v for _, v in seq)
    out = {"kernel_ms": total / calls, "kernels_per_call": len(seq) / calls}
    if seq and len(seq) % calls == 0:  # per launch position within a call, mean over calls
        k = len(seq) // calls
        out["kernels"] = {f"{i}:{seq[i][0]}": round(sum(seq[c * k + i][1]
                                                        for c in range(calls)) / calls, 6)
                          for i in range(k)}
    return out


# --------------------------------------------------------------------------- reports
SYSTEMS = ["arrayc", "arrayc_jit", "arrayc_nographs", "arrayc_scalar", "cupy", "cupy_fuse", "torch", "torch_compile", "jax_jit", "numpy"]


def fmt_t(ms, unit):
    if ms is None:
        return ""
    return f"{ms * 1e3:.1f}" if unit == "us" else f"{ms:.3f}"


def write_reports(out_dir, meta, rows, workloads, copy_tbps):
    present = [s for s in SYSTEMS if any(r["system"] == s for r in rows)]
    by = {(r["workload"], r["system"]): r for r in rows}
    L = []
    L.append(f"Device: {meta.get('device', '?')}; driver {meta.get('driver', '?')}; "
             f"date {meta['date']}; versions {meta['versions']}.")
    if copy_tbps:
        L.append(f"Copy bandwidth (bytes read + written, 1 GiB, median): "
                 + ", ".join(f"{k} {v:.2f} TB/s" for k, v in copy_tbps.items())
                 + f"; ceiling used: {meta['ceiling_tbps']:.2f} TB/s.")
    L.append("")
    L.append("Median ms per synchronized call (µs for the small_* rows); "
             "`*` = output mismatch vs CuPy, `x` = failed.")
    L.append("")
    avs = [s for s in present if s.startswith("arrayc")]
    hdr = ["workload", "MB moved", "floor"] + present + [
        h for s in avs for h in (f"{s} % of copy BW", f"{s} / floor")] + [
        f"{s} kernels only (ncu)" for s in avs if any("kernel_ms" in r for r in rows
                                                      if r["system"] == s)]
    kcols = [s for s in avs if any("kernel_ms" in r for r in rows if r["system"] == s)]
    # Calls queued back to back: the host's dispatch cost per call when the GPU keeps up.
    qcols = [s for s in avs if any(r.get("queued_ms") for r in rows if r["system"] == s)]
    hdr += [f"{s} queued per call" for s in qcols]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "---|" * len(hdr))
    for w in workloads:
        name, unit = w["name"], w["unit"]
        floor = meta["floors_ms"].get(name)
        cells = [name, f"{w['bytes'] / 1e6:.1f}", fmt_t(floor, unit) if floor else ""]
        for s in present:
            r = by.get((name, s))
            if r is None:
                cells.append("")
            elif r.get("error"):
                cells.append("x")
            else:
                c = fmt_t(r["median_ms"], unit)
                if not r.get("ok", True):
                    c += "*"
                cells.append(c)
        for s in avs:
            a = by.get((name, s))
            if a and a.get("median_ms") and meta.get("ceiling_tbps"):
                bw = w["bytes"] / (a["median_ms"] * 1e-3) / 1e12
                cells.append(f"{100 * bw / meta['ceiling_tbps']:.1f}%")
                cells.append(f"{a['median_ms'] / floor:.2f}x" if floor else "")
            else:
                cells += ["", ""]
        for s in kcols:
            a = by.get((name, s)) or {}
            cells.append(f"{fmt_t(a['kernel_ms'], unit)} ({a['kernels_per_call']:g} k)"
                         if "kernel_ms" in a else "")
        for s in qcols:
            a = by.get((name, s)) or {}
            cells.append(fmt_t(a["queued_ms"], unit) if a.get("queued_ms") else "")
        L.append("| " + " | ".join(cells) + " |")
    L.append("")
    errs = [r for r in rows if r.get("error") or not r.get("ok", True)]
    if errs:
        L.append("Failures and mismatches:")
        L.append("")
        for r in errs:
            L.append(f"- {r['workload']} / {r['system']}: "
                     f"{r.get('error') or 'rel err %.3g > tol %.1g' % (r['rel_err'], r['tol'])}")
        L.append("")
    with open(os.path.join(out_dir, "table.md"), "w") as f:
        f.write("\n".join(L) + "\n")
    print("\n".join(L), flush=True)

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # noqa: BLE001
        print("matplotlib unavailable:", e)
        return
    names = [w["name"] for w in workloads if w["unit"] == "ms"]
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.8 / max(1, len(present))
    for i, s in enumerate(present):
        vals = []
        for w in workloads:
            if w["unit"] != "ms":
                continue
            r = by.get((w["name"], s))
            ok = r and r.get("median_ms") and not r.get("error")
            vals.append(w["bytes"] / (r["median_ms"] * 1e-3) / 1e12 if ok else 0.0)
        ax.bar([j + i * width for j in range(len(names))], vals, width, label=s)
    if meta.get("ceiling_tbps"):
        ax.axhline(meta["ceiling_tbps"], color="k", ls="--", lw=1, label="copy bandwidth")
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(names))])
    ax.set_xticklabels(names, rotation=20)
    ax.set_ylabel("achieved TB/s (bytes moved / median time)")
    ax.set_title(f"arrayc benchmark, {meta.get('device', '?')}, {meta['date']}")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "bandwidth.png"), dpi=110)


def device_meta(dry):
    meta = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "host": platform.node()}
    if dry:
        meta["device"] = "none (dry run, NumPy on CPU)"
        return meta
    try:
        q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total,"
                            "clocks.max.sm,clocks.max.mem", "--format=csv,noheader"],
                           capture_output=True, text=True, timeout=30).stdout.strip()
        parts = [p.strip() for p in q.split(",")]
        meta["device"], meta["driver"] = parts[0], parts[1]
        meta["nvidia_smi"] = q
    except Exception as e:  # noqa: BLE001
        meta["device"] = f"? ({e})"
    return meta


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--dry-run", action="store_true", help="NumPy only, small sizes, no GPU")
    ap.add_argument("--exe-dir", default=None,
                    help="arrayc executables (default .device-carry/bench; with --dry-run: "
                         "stand-ins, to test this script's plumbing)")
    ap.add_argument("--ncu", action="store_true",
                    help="also time each arrayc call's kernels under Nsight Compute")
    ap.add_argument("--only", default="", help="comma-separated workload names")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    t_start = time.perf_counter()

    global NCU
    if args.ncu:
        NCU = find_ncu()
        print("ncu:", NCU, flush=True)
    meta = device_meta(args.dry_run)
    systems = Systems(args.dry_run)
    meta["versions"] = systems.versions
    for fn in ("arrayc-version.txt",):
        p = os.path.join(EXE_DIR, fn)
        if os.path.exists(p):
            meta[fn.split(".")[0]] = open(p).read().strip()
    copy = systems.copy_bandwidth()
    meta["copy_tbps"] = copy
    meta["ceiling_tbps"] = max(copy.values()) if copy else None
    print("meta:", json.dumps(meta), flush=True)

    workloads = make_workloads(args.dry_run)
    if args.only:
        keep = set(args.only.split(","))
        workloads = [w for w in workloads if w["name"] in keep]
    meta["floors_ms"] = {w["name"]: (w["bytes"] / (meta["ceiling_tbps"] * 1e12) * 1e3
                                     if meta["ceiling_tbps"] else None) for w in workloads}
    rows = []
    rng = np.random.default_rng(int(time.time()))  # fresh inputs every run
    workdir = tempfile.mkdtemp(prefix="arrayc-bench-")
    try:
        for w in workloads:
            tw = time.perf_counter()
            print(f"== {w['name']}: {w['note']}", flush=True)
            inputs = w["gen"](rng)
            paths = []
            for i, a in enumerate(inputs):
                p = os.path.join(workdir, f"{w['name']}_in{i}.npy")
                np.save(p, np.ascontiguousarray(a))
                paths.append(p)
            results = []
            for variant in arrayc_variants(args.exe_dir):
              rec, out, err = run_arrayc(w, paths, workdir, args.dry_run, args.exe_dir, variant)
              if rec is not None or (err and not err.startswith("not run")):
                results.append(("arrayc" + (f"_{variant}" if variant else ""), out, rec and rec["median_ms"], rec and rec["min_ms"],
                                rec and rec["n"], err, rec))
            if w["graphs"]:  # the same executable with CUDA-graph replay off
              rec, out, err = run_arrayc(w, paths, workdir, args.dry_run, args.exe_dir,
                                         env_extra={"ARRAYC_CUDA_GRAPHS": "0"})
              if rec is not None or (err and not err.startswith("not run")):
                results.append(("arrayc_nographs", out, rec and rec["median_ms"],
                                rec and rec["min_ms"], rec and rec["n"], err, rec))
            for p in paths:
                os.remove(p)
            for s, o, med, mn, n, e in systems.run_peers(w, inputs):
                results.append((s, o, med, mn, n, e, None))
            refsys = "numpy" if args.dry_run else "cupy"
            ref = next((r[1] for r in results if r[0] == refsys and r[1] is not None), None)
            if ref is None and w.get("inplace"):  # the same, in place on f64 copies
                xs = [a.astype(np.float64) for a in inputs]
                w["fns"]["np"](np, *inplace_params(w, xs))
                ref = inplace_output(w, xs)
            elif ref is None:  # no CuPy output: fall back to NumPy on the host
                ref = w["fns"]["np"](np, *[a.astype(np.float64) for a in inputs])
            for s, o, med, mn, n, e, extra in results:
                row = dict(workload=w["name"], system=s, median_ms=med, min_ms=mn, n=n,
                           bytes=w["bytes"], tol=w["tol"])
                for k in ("call_only_median_ms", "queued_ms", "empty_sync_ms", "kernel_ms",
                          "kernels_per_call", "kernels", "ncu_error"):
                    if extra and k in extra:
                        row[k] = extra[k]
                if e:
                    row["error"] = e
                    row["ok"] = False
                else:
                    row["rel_err"] = rel_err(o, ref)
                    row["ok"] = bool(row["rel_err"] <= w["tol"])
                    if meta["ceiling_tbps"]:
                        row["tbps"] = w["bytes"] / (med * 1e-3) / 1e12
                        row["pct_copy"] = 100 * row["tbps"] / meta["ceiling_tbps"]
                rows.append(row)
                with open(os.path.join(args.out, "results.partial.jsonl"), "a") as pf:
                    pf.write(json.dumps(row) + "\n")
                shown = fmt_t(med, w["unit"]) + (" us" if w["unit"] == "us" else " ms")
                print(f"  {s:14s} {shown if med else '-':>12s}  n={n}  "
                      f"{'err=%.2e' % row['rel_err'] if 'rel_err' in row else ''} "
                      f"{'' if row['ok'] else 'MISMATCH/FAIL ' + str(row.get('error', ''))}",
                      flush=True)
            del inputs, results, ref
            systems.free()
            print(f"  ({time.perf_counter() - tw:.1f} s)", flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    meta["elapsed_s"] = round(time.perf_counter() - t_start, 1)
    with open(os.path.join(args.out, "results.jsonl"), "w") as f:
        f.write(json.dumps(dict(meta=meta)) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")
    write_reports(args.out, meta, rows, workloads, copy)
    print(f"total {meta['elapsed_s']} s", flush=True)


if __name__ == "__main__":
    main()
