#!/usr/bin/env python3
"""Differential testing: random well-typed arrayc programs against NumPy.

Each program is one function over f32 arrays a, b (length n), M (m x n) and a
scalar s, built from elementwise ufuncs, broadcasting (rows, columns,
scalars), reductions (full, per axis, keepdims), slicing (reversal, steps,
ranges), transposes and matrix-vector products. Each is compiled through
the Python package (arrayc.compile) fused and unfused, on each target asked
for, run on fresh random inputs, and compared with the same expression
evaluated by NumPy in float64:

  - NaN and +-Inf must be at the same positions with the same signs;
  - the finite part: ||out - ref|| <= 1e-4 ||ref|| + 1e-5 sqrt(size) (f32
    arithmetic through chains of tens of operations, reductions included; the
    absolute term covers results that cancel to nearly 0), or at most 8 times
    ||ref32 - ref||, where ref32 is NumPy's evaluation on the f32 inputs: an
    ill-conditioned program (sin of a sum near 1e5) moves by more than the
    fixed bound in NumPy's own f32 arithmetic (seed 1795727892).

    python3 test/diff/difftest.py --programs 500 --targets cpu [--seed 1] [--keep DIR]

Prints the programs tried, compiled, compared and the mismatches (each with
its source); exits 1 on any mismatch or compile error. A compile error
counts as a failure too: the generator only writes what the language
documents (docs/language.md)."""
import argparse
import random
import sys
import time
import os

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "python-frontend"))
import arrayc  # noqa: E402

# Shapes are tuples of dimension names: ("n",), ("m",), ("m", "n"), ("n", "m"),
# ("m", 1), () for scalars.
VEC_N, VEC_M, MAT, MAT_T, COL, SCALAR = ("n",), ("m",), ("m", "n"), ("n", "m"), ("m", 1), ()

# No np.floor: a step function turns the f32 program's last-bit differences
# from the float64 reference into differences of 1 (floor(sqrt(|sin x|)) is 1
# where f32 rounds |sin x| to 1.0; seed 1795632488). The e2e programs test it.
UNARY = ["np.sin({})", "np.cos({})", "np.tanh({})", "np.abs({})", "-({})",
         "np.sqrt(np.abs({}))", "np.exp(-np.abs({}))", "np.log1p(np.abs({}))",
         "({}) * 0.5", "np.maximum({}, 0.0)", "np.square({})",
         "np.clip({}, -1.0, 1.0)", "(np.abs({}) + 0.5) ** 1.5",
         "np.arctan({})", "np.cumsum(np.tanh({}), axis=-1)"]
BINARY = ["({}) + ({})", "({}) - ({})", "({}) * ({})", "({}) / (np.abs({}) + 1.0)",
          "np.maximum({}, {})", "np.minimum({}, {})", "np.where(({}) > 0.0, {}, 0.25)"]


def broadcast(s1, s2):
    """The NumPy broadcast of two shapes of names, or None."""
    r1, r2 = list(s1), list(s2)
    out = []
    while r1 or r2:
        a = r1.pop() if r1 else 1
        b = r2.pop() if r2 else 1
        if a == b or b == 1:
            out.append(a)
        elif a == 1:
            out.append(b)
        else:
            return None
    return tuple(reversed(out))


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.vars = [("a", VEC_N), ("b", VEC_N), ("M", MAT), ("s", SCALAR)]

    def leaf(self, shape=None):
        cands = [v for v in self.vars if shape is None or v[1] == shape]
        if not cands:
            return None
        return self.rng.choice(cands)

    def expr(self, depth):
        """(source, shape) of a random expression."""
        r = self.rng.random()
        if depth <= 0 or r < 0.08:
            if self.rng.random() < 0.1:
                return "%.3f" % self.rng.uniform(-2, 2), SCALAR
            return self.leaf()
        kind = self.rng.choice(["unary", "binary", "binary", "reduce", "slice", "shape",
                                "matvec"])
        if kind == "unary":
            e, s = self.expr(depth - 1)
            f = self.rng.choice([u for u in UNARY if s or "axis" not in u])  # 0-d: no axis
            return f.format(e), s
        if kind == "binary":
            e1, s1 = self.expr(depth - 1)
            e2, s2 = self.expr(depth - 1)
            if broadcast(s1, s2) is None:
                return e1, s1
            f = self.rng.choice(BINARY)
            if f.startswith("np.where"):
                return f.format(e1, e2), broadcast(s1, s2)
            return f.format(e1, e2) if f.count("{}") == 2 else f.format(e1, e2), broadcast(s1, s2)
        if kind == "reduce":
            e, s = self.expr(depth - 1)
            op = self.rng.choice(["np.sum", "np.max", "np.min", "np.mean", "np.std", "np.var"])
            if s == MAT:
                choice = self.rng.choice(["all", "0", "1", "1k"])
                if choice == "all":
                    return "%s(%s)" % (op, e), SCALAR
                if choice == "0":
                    return "%s(%s, axis=0)" % (op, e), VEC_N
                if choice == "1":
                    return "%s(%s, axis=1)" % (op, e), VEC_M
                return "%s(%s, axis=1, keepdims=True)" % (op, e), COL
            if s == MAT_T:
                return "%s(%s, axis=0)" % (op, e), VEC_M
            if s in (VEC_N, VEC_M, COL):
                return "%s(%s)" % (op, e), SCALAR
            return e, s
        if kind == "slice":
            e, s = self.expr(depth - 1)
            if s in (VEC_N, VEC_M):
                return "(%s)[::-1]" % e, s
            if s == MAT:
                return self.rng.choice(["(%s)[::-1, :]", "(%s)[:, ::-1]", "(%s)[::-1, ::-1]"]) % e, s
            return e, s
        if kind == "shape":
            e, s = self.expr(depth - 1)
            if s == MAT:
                return "(%s).T" % e, MAT_T
            if s == MAT_T:
                return "(%s).T" % e, MAT
            return e, s
        # matvec: M @ vector(n) -> vector(m)
        e, s = self.expr(depth - 1)
        if s == VEC_N:
            return "(M * 0.5) @ (%s)" % e, VEC_M
        return e, s

    def program(self):
        lines = ["def f(a: f32[n], b: f32[n], M: f32[m, n], s: f32):"]
        for i in range(self.rng.randint(0, 3)):
            e, sh = self.expr(self.rng.randint(2, 4))
            name = "t%d" % i
            lines.append("    %s = %s" % (name, e))
            self.vars.append((name, sh))
        e, sh = self.expr(self.rng.randint(3, 6))
        lines.append("    return %s" % e)
        return "\n".join(lines) + "\n", sh


def reference(source, args):
    ns = {"np": np}
    py = source.replace("def f(a: f32[n], b: f32[n], M: f32[m, n], s: f32):", "def f(a, b, M, s):")
    exec(py, ns)
    with np.errstate(all="ignore"):
        return np.asarray(ns["f"](*args), dtype=np.float64)


def compare(out, ref, ref32):
    """None when they agree, else a reason. `ref32` is NumPy's own f32
    evaluation: where the expression is ill-conditioned (a sine of a sum of
    10^5 in magnitude, a cosine of a long dot product), f32 arithmetic alone
    moves the result by far more than the fixed tolerance, and arrayc may
    differ from float64 by a few times what NumPy's f32 does."""
    if out.shape != ref.shape:
        return "shape %s vs NumPy's %s" % (out.shape, ref.shape)
    for name, f in (("NaN", np.isnan), ("+Inf", np.isposinf), ("-Inf", np.isneginf)):
        if not np.array_equal(f(out), f(ref)):
            return "%s at different positions" % name
    fin = np.isfinite(ref)
    num = np.linalg.norm((out - ref)[fin])
    den = np.linalg.norm(ref[fin])
    # Relative, with an absolute floor of f32 rounding on O(1) inputs: a result
    # that cancels to ~1e-14 in float64 (the variance of nearly equal values)
    # is exactly 0 in f32, a "relative error" of 1 that is no error.
    f32 = np.linalg.norm((ref32 - ref)[fin & np.isfinite(ref32)]) if ref32.shape == ref.shape else 0.0
    if num <= max(1e-4 * den + 1e-5 * np.sqrt(max(int(fin.sum()), 1)), 8 * f32):
        return None
    return "relative error %.3g (absolute %.3g)" % (num / den if den > 0 else np.inf, num)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--targets", default="cpu")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--keep", default=None, help="write every program here")
    args = ap.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    targets = args.targets.split(",")
    counts = {"programs": 0, "compiled": 0, "compared": 0, "mismatches": 0, "compile_errors": 0}
    failures = []
    t0 = time.time()
    for p in range(args.programs):
        src, _ = Gen(rng).program()
        counts["programs"] += 1
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            open(os.path.join(args.keep, "p%04d.arr" % p), "w").write(src)
        n, m = rng.choice([1, 2, 7, 64, 1000, 4099]), rng.choice([1, 3, 33, 128])
        inputs = [nrng.standard_normal(n).astype(np.float32),
                  nrng.standard_normal(n).astype(np.float32),
                  nrng.standard_normal((m, n)).astype(np.float32),
                  np.float32(nrng.standard_normal())]
        ref = reference(src, [x.astype(np.float64) for x in inputs])
        ref32 = reference(src, inputs)
        for target in targets:
            for fusion in (True, False):
                what = "%s, %s" % (target, "fused" if fusion else "unfused")
                try:
                    mod = arrayc.compile(src, name="p%04d.arr" % p, target=target, fusion=fusion)
                except arrayc.CompileError as e:
                    counts["compile_errors"] += 1
                    failures.append((p, what, "compile error: %s" % str(e).splitlines()[0], src))
                    continue
                counts["compiled"] += 1
                out = np.asarray(arrayc.asnumpy(mod.f(*[arrayc.asarray(x, target=target)
                                                        if np.ndim(x) else x
                                                        for x in inputs])), dtype=np.float64)
                counts["compared"] += 1
                why = compare(out, ref, ref32)
                if why:
                    counts["mismatches"] += 1
                    failures.append((p, what, why + " (n=%d, m=%d)" % (n, m), src))
    for p, what, why, src in failures[:20]:
        print("--- program %d (%s): %s\n%s" % (p, what, why, src))
    print("seed %d, targets %s: %d programs, %d compiled, %d compared, %d mismatches, "
          "%d compile errors (%.0f s)" % (seed, ",".join(targets), counts["programs"],
                                          counts["compiled"], counts["compared"],
                                          counts["mismatches"], counts["compile_errors"],
                                          time.time() - t0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
