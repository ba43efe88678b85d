#!/usr/bin/env python3
"""End-to-end harness: run .arr programs with arrayc and check them against NumPy.

Usage:
  run_e2e.py [--target=cpu|cuda] [--mode=jit|aot] [--arrayc PATH] [--dir DIR]
             [--flag=ARRAYC_OPTION ...] [-j N] [-v] [PROG.arr ...]

Each program is an ordinary .arr file whose header comments say what to feed it
and what to check:

  # INPUT: x f32 [100, 3]             x.npy: fresh random data of that dtype/shape
  # INPUT: y f32 [8193] positive      uniform(0.5, 2): domains of log/sqrt/pow
  # INPUT: z f32 [100] nan            standard normal with NaNs sprinkled in
  # INPUT: w f64 [64] negzero         +0.0/-0.0 sprinkled in
  # INPUT: k i32 [100] range=-2e9:2e9 uniform integers (or floats) in [lo, hi)
  # INPUT: s f32 []                   a 0-d array
  # INPUT-RAW: x f64 [7]              like INPUT (used to feed a deliberately
                                      wrong file to an EXPECT-ERROR program);
                                      keywords fortran, bigendian, corrupt and
                                      truncated write such a bad .npy
  # OUTPUT: d.npy [tol]               compare d.npy with NumPy (".npy" optional)
  # OUTPUT: d signbit                 also require the sign of zeros to agree
  # STDOUT: text                      the program's stdout, line by line, exactly
  # STDOUT-NUMPY:                     the program's stdout must equal what NumPy's
                                      print gives on the same inputs (for exact
                                      values: NumPy's formatting is checked)
  # EXPECT-ERROR: substring           the run must fail with this in stderr (each
                                      such line's) ...
  # EXPECT-EXIT: 1                    ... with this exit status (default: nonzero),
                                      and must write none of its outputs

Floats are standard normal, integers uniform in [-100, 100), bools random.
Dimensions may be 0. The data comes from np.random.default_rng(seed); the seed
is $ARRAYC_E2E_SEED if set, else random, and is printed on failure.

The reference is the same .arr source executed by Python with NumPy (every
.arr file is Python): `from __future__ import annotations` semantics, `np`,
`numpy` and the bare builtin names bound to NumPy, dtype names to NumPy dtypes,
and load/save/print shims. It runs twice: on the inputs as given (to learn
the dtype and shape NumPy 2 gives; integer and bool outputs are compared with
these values) and with float inputs upcast to f64 (float outputs are compared
with these values). NumPy 1.x runs with NEP 50 ('weak') promotion so that it
gives NumPy 2's dtypes.

Float outputs: NaN (and inf) positions must agree; the rest must satisfy
||out - ref|| / ||ref|| <= tol (absolute when ||ref|| = 0). Default tol by
the output dtype: f64 1e-12, f32 1e-6, f16 1e-3, bf16 1e-2, but at least that
of the least precise float input (f32 inputs, f64 output: 1e-6); ints and
bool exact.

Exit status 0 when every program passes, 1 otherwise.
"""

import __future__
import argparse
import builtins
import concurrent.futures
import glob
import io
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import types

try:
    import numpy as np
except ImportError:  # e.g. lit's %python lacks NumPy: find a python3 that has it
    # (A venv's python3 may be a link to this very interpreter, so compare
    # by what they can import, and re-exec at most once.)
    if not os.environ.get("ARRAYC_E2E_REEXEC"):
        for _cand in (os.environ.get("ARRAYC_E2E_PYTHON"), shutil.which("python3"),
                      "/usr/bin/python3"):
            if _cand and subprocess.call([_cand, "-c", "import numpy"],
                                         stderr=subprocess.DEVNULL) == 0:
                os.environ["ARRAYC_E2E_REEXEC"] = "1"
                os.execv(_cand, [_cand, os.path.abspath(__file__)] + sys.argv[1:])
    sys.exit("run_e2e.py: needs NumPy; none of %s has it (set ARRAYC_E2E_PYTHON)" % sys.executable)

if np.lib.NumpyVersion(np.__version__) < "2.0.0":
    try:
        np._set_promotion_state("weak")  # NEP 50, as NumPy 2 does
    except AttributeError:
        pass

DTYPES = {
    "bool": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32,
    "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32,
    "u64": np.uint64, "f16": np.float16, "f32": np.float32, "f64": np.float64,
    "c64": np.complex64, "c128": np.complex128,
}
DEFAULT_TOL = {"float64": 1e-12, "float32": 1e-6, "float16": 1e-3,
               "bfloat16": 1e-2, "complex128": 1e-12, "complex64": 1e-6}
RUN_TIMEOUT = 600


class Failure(Exception):
    pass


# --------------------------------------------------------------------------
# Header parsing
# --------------------------------------------------------------------------

class Spec:
    def __init__(self):
        self.inputs = []    # (file, dtype name, shape, keywords)
        self.outputs = []   # (file, tol or None, keywords)
        self.stdout = None  # list of lines or None
        self.expect_error = None  # every EXPECT-ERROR substring, in a list
        self.expect_exit = None
        self.xfail = False
        self.stdout_numpy = False


def npy_name(name):
    return name if name.endswith(".npy") else name + ".npy"


def parse_spec(path, src):
    spec = Spec()
    for lineno, line in enumerate(src.splitlines(), 1):
        if re.match(r"\s*#\s*XFAIL:", line):
            spec.xfail = True
        m = re.match(r"\s*#\s*(INPUT|INPUT-RAW|OUTPUT|STDOUT|STDOUT-NUMPY|EXPECT-ERROR|EXPECT-EXIT):(.*)$", line)
        if not m:
            continue
        kind, rest = m.group(1), m.group(2)
        where = "%s:%d" % (path, lineno)
        if kind in ("INPUT", "INPUT-RAW"):
            m2 = re.match(r"\s*(\S+)\s+(\w+)\s*\[([^\]]*)\]\s*(.*)$", rest)
            if not m2:
                raise Failure("%s: bad %s line: %r" % (where, kind, line))
            name, dt, dims, kw = m2.groups()
            if dt not in DTYPES:
                raise Failure("%s: unknown dtype %r" % (where, dt))
            shape = tuple(int(d) for d in dims.replace(",", " ").split())
            spec.inputs.append((npy_name(name), dt, shape, kw.split()))
        elif kind == "OUTPUT":
            words = rest.split()
            if not words:
                raise Failure("%s: OUTPUT needs a name" % where)
            tol, kws = None, []
            for w in words[1:]:
                try:
                    tol = float(w)
                except ValueError:
                    kws.append(w)
            spec.outputs.append((npy_name(words[0]), tol, kws))
        elif kind == "STDOUT":
            text = rest[1:] if rest.startswith(" ") else rest
            spec.stdout = (spec.stdout or []) + [text.rstrip()]
        elif kind == "STDOUT-NUMPY":
            spec.stdout_numpy = True
        elif kind == "EXPECT-ERROR":
            spec.expect_error = (spec.expect_error or []) + [rest.strip()]
        elif kind == "EXPECT-EXIT":
            spec.expect_exit = int(rest.strip())
    if spec.expect_error is None and spec.expect_exit is None and not spec.outputs \
            and spec.stdout is None and not spec.stdout_numpy:
        raise Failure("%s: no OUTPUT, STDOUT or EXPECT-ERROR line: nothing to check" % path)
    return spec


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------

def _num(text):
    try:
        return int(text)  # exact, also for the ends of i64
    except ValueError:
        return float(text)


def make_input(rng, dt, shape, kws):
    dtype = np.dtype(DTYPES[dt])
    size = int(np.prod(shape, dtype=np.int64))
    lo = hi = None
    for k in kws:
        if k.startswith("range="):
            a, b = k[len("range="):].split(":")
            lo, hi = _num(a), _num(b)
    if dtype.kind == "b":
        a = rng.integers(0, 2, size=shape).astype(np.bool_)
    elif dtype.kind in "iu":
        info = np.iinfo(dtype)
        if lo is None:
            lo, hi = (1, 100) if "positive" in kws else (-100, 100)
            if dtype.kind == "u":
                lo = max(lo, 0)
        lo, hi = max(int(lo), int(info.min)), min(int(hi), int(info.max) + 1)
        a = rng.integers(lo, hi, size=shape, dtype=np.int64 if dtype.kind == "i" else np.uint64)
        a = a.astype(dtype)
    else:
        if lo is not None:
            a = rng.uniform(lo, hi, size=shape)
        elif "positive" in kws:
            a = rng.uniform(0.5, 2.0, size=shape)
        else:
            a = rng.standard_normal(size=shape)
        if dtype.kind == "c":
            a = a + 1j * rng.standard_normal(size=shape)
        a = a.astype(dtype)
        if size:
            flat = a.reshape(-1)
            if "negzero" in kws:
                idx = rng.random(size) < 0.25
                flat[idx] = np.where(rng.random(int(idx.sum())) < 0.5, -0.0, 0.0)
            if "nan" in kws:
                idx = rng.random(size) < 0.1
                idx[rng.integers(0, size)] = True  # at least one
                flat[idx] = np.nan
            if "inf" in kws:
                idx = rng.random(size) < 0.05
                flat[idx] = np.where(rng.random(int(idx.sum())) < 0.5, -np.inf, np.inf)
            a = flat.reshape(shape)
    return np.array(a, order="C")  # (ascontiguousarray would make 0-d 1-d)


def write_input(fpath, a, kws):
    """Writes a as .npy; keywords make deliberately bad files (INPUT-RAW)."""
    if "fortran" in kws:
        np.save(fpath, np.asfortranarray(a))
    elif "bigendian" in kws:
        np.save(fpath, a.astype(a.dtype.newbyteorder(">")))
    elif "corrupt" in kws:
        with open(fpath, "wb") as f:
            f.write(b"this is not a .npy file\n")
    elif "truncated" in kws:
        np.save(fpath, a)
        with open(fpath, "rb+") as f:
            f.truncate(max(0, os.path.getsize(fpath) - 8))
    else:
        np.save(fpath, a)


# --------------------------------------------------------------------------
# The NumPy reference: the same source, run as Python
# --------------------------------------------------------------------------

class _NumpyProxy(types.ModuleType):
    """`np`/`numpy` for the reference: NumPy, with load/save going to the shims."""

    def __init__(self, shims):
        super().__init__("numpy")
        self.__dict__.update(shims)

    def __getattr__(self, name):
        if name == "trapz" and not hasattr(np, "trapz"):
            return np.trapezoid  # NumPy 2 removed the old spelling arrayc accepts
        return getattr(np, name)


def numpy2_rounding():
    """floor/ceil/trunc as NumPy >= 2.3 computes them (checked on 2.5.2):
    integer and bool inputs come back unchanged, in their own dtype, where
    older NumPy computes them in floating point. Empty under NumPy >= 2.3."""
    if np.lib.NumpyVersion(np.__version__) >= "2.3.0":
        return {}

    def keep_ints(f):
        def rounded(x, *args, **kwargs):
            a = np.asarray(x)
            if a.dtype.kind in "biu" and not args and not kwargs:
                return a.copy() if a.ndim else a[()]
            return f(x, *args, **kwargs)
        return rounded

    return {n: keep_ints(getattr(np, n)) for n in ("floor", "ceil", "trunc")}


def numpy2_fft():
    """numpy.fft with NumPy 2's result dtypes.

    NumPy 1.x's fft functions compute in double and always return complex128
    (float64 for irfft); NumPy 2 keeps single precision: float16/float32/
    complex64 inputs give complex64 (irfft: float32, and float16 for a float16
    input; seen on NumPy 2.5). Under NumPy < 2 the results of these inputs are
    cast to NumPy 2's dtype, so the run on the inputs as given learns the right
    dtype (the float64-reference run is unaffected: its inputs are already
    double)."""
    if np.lib.NumpyVersion(np.__version__) >= "2.0.0":
        return np.fft
    mod = types.ModuleType("numpy.fft")
    mod.__dict__.update({k: getattr(np.fft, k) for k in dir(np.fft) if not k.startswith("_")})

    def wrap(f, real_out):
        def single_stays_single(a, *args, **kwargs):
            r = f(a, *args, **kwargs)
            dt = np.asarray(a).dtype
            if dt in (np.float16, np.float32, np.complex64):
                if not real_out:
                    return r.astype(np.complex64)
                return r.astype(np.float16 if dt == np.float16 else np.float32)
            return r
        return single_stays_single

    for name in ("fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "rfft2", "rfftn",
                 "hfft", "ihfft"):
        setattr(mod, name, wrap(getattr(np.fft, name), name == "hfft"))
    for name in ("irfft", "irfft2", "irfftn"):
        setattr(mod, name, wrap(getattr(np.fft, name), True))
    return mod


def python_or_numpy(py, npf, several=True):
    """max/min/sum as both languages read them: Python's max(a, b, ...) of two
    or more values (`several`) or of a generator, else NumPy's reduction
    max(x, axis=..., keepdims=...) (NumPy 2 refuses a generator)."""
    def either(*args, **kwargs):
        if ((several and len(args) >= 2) or
                (len(args) == 1 and isinstance(args[0], types.GeneratorType))) \
                and not kwargs:
            return py(*args)
        return npf(*args, **kwargs)
    return either


def python_round(x, *args, **kwargs):
    """Python's round: a scalar (a NumPy scalar or a 0-d array included)
    goes to builtins.round (an int without ndigits); an array rounds as
    np.round, as ndarray.__round__ does (NumPy 1.x arrays have none)."""
    if isinstance(x, np.ndarray):
        if x.ndim > 0:
            return np.round(x, *args, **kwargs)
        x = x[()]
    return builtins.round(x, *args, **kwargs)


def reduction_reference(identity):
    """`@reduction(identity=v)` as NumPy users would write it without arrayc:
    f(a, axis=None, keepdims=False) folds the combine function over the axes
    in order from v (ufunc.reduce of np.frompyfunc, with one dtype: f's for
    two elements of a's dtype)."""
    def decorate(f):
        def reduce(a, axis=None, keepdims=False):
            a = np.asarray(a)
            axes = tuple(range(a.ndim)) if axis is None else \
                tuple(x % a.ndim for x in (axis if isinstance(axis, tuple) else (axis,)))
            probe = a.flat[0] if a.size else a.dtype.type(identity)
            dt = np.asarray(f(probe, probe)).dtype
            rest = [d for d in range(a.ndim) if d not in axes]
            m = np.transpose(a, rest + list(axes)).astype(dt)
            m = m.reshape([a.shape[d] for d in rest] +
                          [int(np.prod([a.shape[d] for d in axes], dtype=np.int64))])
            out = np.empty(m.shape[:-1], dtype=dt)
            for idx in np.ndindex(*out.shape):
                acc = dt.type(identity)
                for e in m[idx]:
                    acc = dt.type(f(acc, e))
                out[idx] = acc
            if keepdims:
                out = np.expand_dims(out, axes)
            return out
        return reduce
    return decorate


def run_reference(path, src, inputs, upcast):
    """Executes the program with NumPy; returns ({file: array}, stdout text)."""
    saved = {}
    out = io.StringIO()

    def load(fname, *args, **kwargs):
        fname = os.path.basename(str(fname))
        if fname not in inputs:
            raise Failure("reference: program loads %r, which no INPUT line makes" % fname)
        a = inputs[fname].copy()
        if upcast and a.dtype.kind == "f":
            a = a.astype(np.float64)
        elif upcast and a.dtype.kind == "c":
            a = a.astype(np.complex128)
        return a

    def save(fname, value, *args, **kwargs):
        fname = os.path.basename(str(fname))
        saved[npy_name(fname)] = np.array(value)

    def print_(*args, sep=" ", end="\n", file=None, flush=False):
        out.write(sep.join(str(a) for a in args) + end)

    shims = {"load": load, "save": save, "fft": numpy2_fft(), **numpy2_rounding()}
    proxy = _NumpyProxy(shims)

    real_import = builtins.__import__

    def import_(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "numpy" or name.startswith("numpy."):
            if fromlist:
                return proxy
            return proxy
        return real_import(name, globals, locals, fromlist, level)

    bdict = dict(vars(builtins))
    bdict["__import__"] = import_
    bdict["print"] = print_

    ns = {}
    for k in dir(np):
        if not k.startswith("_"):
            try:
                ns[k] = getattr(np, k)
            except AttributeError:
                pass
    for sub in ("linalg", "fft", "random"):
        ns[sub] = getattr(np, sub)
    ns.update({k: np.dtype(v).type for k, v in DTYPES.items()})
    ns.update(shims)
    ns.update({
        "__builtins__": bdict, "__name__": "__arr__",
        "np": proxy, "numpy": proxy, "print": print_,
        "abs": np.abs, "sum": python_or_numpy(builtins.sum, np.sum, several=False),
        "prod": np.prod,
        "max": python_or_numpy(builtins.max, np.max), "min": python_or_numpy(builtins.min, np.min),
        "round": python_round, "pow": np.power, "bool": np.bool_, "range": range, "len": len,
        "float": float, "int": int, "perf_counter": __import__("time").perf_counter,
        "reduction": reduction_reference,
    })
    code = compile(src, path, "exec", flags=__future__.annotations.compiler_flag,
                   dont_inherit=True)
    with np.errstate(all="ignore"):
        exec(code, ns)
        if "main" not in ns:
            raise Failure("reference: %s has no main()" % path)
        ns["main"]()
    return saved, out.getvalue()


# --------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------

def compare(name, out, exp, ref, tol, kws, tol_floor=0.0):
    """exp: NumPy on the inputs as given (dtype/shape/exact values);
    ref: NumPy on upcast inputs (float values). Returns an error or None."""
    if out.shape != exp.shape:
        return "shape %s, expected %s" % (out.shape, exp.shape)
    if out.dtype != exp.dtype:
        return "dtype %s, expected %s" % (out.dtype, exp.dtype)
    kind = exp.dtype.kind
    if kind in "biu" or kind not in "fc":
        if not np.array_equal(out, exp):
            bad = np.argwhere(out != exp)
            first = tuple(bad[0]) if len(bad) else ()
            return "%d of %d elements differ (exact dtype %s); first at %s: got %r, expected %r" % (
                len(bad), exp.size, exp.dtype, first, out[first] if first else out,
                exp[first] if first else exp)
        return None
    if tol is None:
        tol = max(DEFAULT_TOL.get(exp.dtype.name, 1e-6), tol_floor)
    o = out.astype(np.complex128 if kind == "c" else np.float64)
    # The f64 reference rounded to the output's dtype: overflow to inf and
    # underflow to 0 happen where they do in that dtype.
    with np.errstate(all="ignore"):
        r = np.asarray(ref).astype(exp.dtype).astype(o.dtype)
    if r.shape != o.shape:
        return "reference shapes disagree: %s vs %s" % (r.shape, o.shape)
    onan, rnan = np.isnan(o), np.isnan(r)
    if not np.array_equal(onan, rnan):
        bad = np.argwhere(onan != rnan)
        return "NaN positions differ at %d places; first at %s: got %r, expected %r" % (
            len(bad), tuple(bad[0]), o[tuple(bad[0])], r[tuple(bad[0])])
    oinf, rinf = np.isinf(o), np.isinf(r)
    if not np.array_equal(oinf, rinf) or not np.array_equal(o[rinf], r[rinf]):
        bad = np.argwhere((oinf != rinf) | (rinf & (o != r)))
        return "inf positions differ at %d places; first at %s: got %r, expected %r" % (
            len(bad), tuple(bad[0]), o[tuple(bad[0])], r[tuple(bad[0])])
    fin = ~(rnan | rinf)
    of, rf = o[fin], r[fin]
    if "signbit" in kws:
        z = rf == 0
        if not np.array_equal(np.signbit(of[z]), np.signbit(rf[z])):
            return "sign of zero differs at %d places" % int(
                np.sum(np.signbit(of[z]) != np.signbit(rf[z])))
    if of.size == 0:
        return None
    rn = np.linalg.norm(rf)
    err = np.linalg.norm(of - rf)
    rel = err / rn if rn > 0 else err
    if not rel <= tol:
        i = np.argmax(np.abs(of - rf))
        return "relative error %.3g > tolerance %.3g (%s)%s; worst element: got %r, expected %r" % (
            rel, tol, exp.dtype, "" if rn > 0 else " [absolute: reference norm is 0]",
            of[i], rf[i])
    return None


# --------------------------------------------------------------------------
# Running one program
# --------------------------------------------------------------------------

def run_cmd(cmd, cwd):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=RUN_TIMEOUT)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ds" % RUN_TIMEOUT
    except OSError as e:
        raise Failure("cannot run `%s`: %s" % (" ".join(cmd), e))


def clip(text, n=3000):
    text = text.rstrip()
    return text if len(text) <= n else text[:n] + "\n... (%d more characters)" % (len(text) - n)


def run_program(path, args, seed):
    src = open(path, encoding="utf-8-sig").read()
    spec = parse_spec(path, src)
    rng = np.random.default_rng(seed)
    inputs = {}
    for fname, dt, shape, kws in spec.inputs:
        inputs[fname] = make_input(rng, dt, shape, kws)

    tmp = tempfile.mkdtemp(prefix="arrayc-e2e-")
    try:
        for fname, dt, shape, kws in spec.inputs:
            write_input(os.path.join(tmp, fname), inputs[fname], kws)
        prog = os.path.abspath(path)
        wrapper = args.wrapper.split()
        if args.mode == "jit":
            steps = [wrapper + [args.arrayc, "run", "--target=" + args.target] + args.flags +
                     [prog]]
        else:
            exe = os.path.join(tmp, "prog.exe")
            steps = [[args.arrayc, "--target=" + args.target] + args.flags + [prog, "-o", exe],
                     wrapper + [exe]]
        rc, out, err = 0, "", ""
        for cmd in steps:
            rc, out, err = run_cmd(cmd, tmp)
            if rc != 0:
                break
        shown = " ".join(steps[-1] if rc == 0 else cmd)
        files_after = set(os.listdir(tmp))

        if spec.expect_error is not None or spec.expect_exit is not None:
            if rc == 0:
                raise Failure("`%s` succeeded; expected it to fail%s\nstdout:\n%s" % (
                    shown, " with %r" % " ... ".join(spec.expect_error) if spec.expect_error else "",
                    clip(out)))
            if rc is None:
                raise Failure("`%s` %s" % (shown, err))
            if spec.expect_exit is not None and rc != spec.expect_exit:
                raise Failure("`%s` exited %d, expected %d\nstderr:\n%s" % (
                    shown, rc, spec.expect_exit, clip(err)))
            for want in spec.expect_error or []:
                if want not in err:
                    raise Failure("`%s` stderr lacks %r\nstderr:\n%s" % (shown, want, clip(err)))
            if rc < 0 or rc >= 128:
                raise Failure("`%s` crashed (status %d)\nstderr:\n%s" % (shown, rc, clip(err)))
            written = sorted(f for f in files_after - set(inputs)
                             if f.endswith(".npy") or any(f == o[0] for o in spec.outputs))
            if written:
                raise Failure("`%s` failed as expected but wrote %s" % (shown, ", ".join(written)))
            return
        if rc != 0:
            raise Failure("`%s` %s\nstdout:\n%s\nstderr:\n%s" % (
                shown, "timed out" if rc is None else "exited %d" % rc, clip(out), clip(err)))

        exp_saved, exp_out = run_reference(path, src, inputs, upcast=False)
        ref_saved, _ = run_reference(path, src, inputs, upcast=True)

        # An f64 output computed from f32 inputs carries f32 rounding: the
        # default tolerance is that of the least precise float input too.
        tol_floor = max([DEFAULT_TOL.get(a.dtype.name, 0.0) for a in inputs.values()] + [0.0])
        errors = []
        if spec.stdout is not None:
            got = out.rstrip("\n").split("\n") if out else []
            want = spec.stdout
            if [l.rstrip() for l in got] != want:
                errors.append("stdout differs:\n--- expected\n%s\n--- got\n%s" % (
                    "\n".join(want), clip(out)))
        if spec.stdout_numpy and out != exp_out:
            errors.append("stdout differs from NumPy's print:\n--- NumPy\n%s\n--- got\n%s" % (
                clip(exp_out), clip(out)))
        for fname, tol, kws in spec.outputs:
            fpath = os.path.join(tmp, fname)
            if fname not in exp_saved:
                errors.append("%s: the NumPy reference did not save it" % fname)
                continue
            if not os.path.exists(fpath):
                errors.append("%s: not written by the program" % fname)
                continue
            try:
                got = np.load(fpath, allow_pickle=False)
            except Exception as e:  # noqa: BLE001
                errors.append("%s: not a valid .npy file: %s" % (fname, e))
                continue
            msg = compare(fname, got, exp_saved[fname], ref_saved[fname], tol, kws, tol_floor)
            if msg:
                errors.append("%s: %s" % (fname, msg))
        if errors:
            raise Failure("\n".join(errors) + ("\nprogram stderr:\n" + clip(err) if err.strip() else ""))
    finally:
        if os.environ.get("ARRAYC_E2E_KEEP"):
            sys.stderr.write("kept %s\n" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--mode", default="jit", choices=["jit", "aot"])
    ap.add_argument("--arrayc", default=os.environ.get("ARRAYC") or shutil.which("arrayc"),
                    help="the arrayc binary (default: $ARRAYC, else arrayc on PATH)")
    ap.add_argument("--flag", action="append", default=[], dest="flags",
                    help="an extra arrayc option, e.g. --flag=--no-fusion (repeatable)")
    ap.add_argument("--dir", action="append", default=[],
                    help="also run every .arr in DIR (repeatable)")
    ap.add_argument("--wrapper", default="",
                    help="a command prefix for running each compiled program (AOT: the "
                         "executable; JIT: `arrayc run`), e.g. 'compute-sanitizer --tool "
                         "memcheck --error-exitcode 99'")
    ap.add_argument("-j", "--jobs", type=int, default=min(8, os.cpu_count() or 1))
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    if not args.arrayc:
        ap.error("arrayc not found on PATH; pass --arrayc")
    args.arrayc = os.path.abspath(args.arrayc) if os.sep in args.arrayc else args.arrayc

    progs = list(args.programs)
    for d in args.dir:
        progs += sorted(glob.glob(os.path.join(d, "*.arr")))
    if not progs:
        ap.error("no programs given")

    env_seed = os.environ.get("ARRAYC_E2E_SEED")
    seed = int(env_seed) if env_seed else secrets.randbits(32)

    def one(p):
        try:
            run_program(p, args, seed)
            return p, None
        except Failure as e:
            return p, str(e)
        except Exception as e:  # noqa: BLE001  (a bug in the program's reference run)
            import traceback
            return p, "harness/reference error: %s\n%s" % (e, traceback.format_exc())

    def is_xfail(p):
        # A program marked `# XFAIL:` (lit's syntax: a known compiler bug) is
        # judged by lit when run alone; in a batch its failure is reported
        # but not counted, and a pass is reported as XPASS.
        # `# XFAIL: target=cuda` marks a bug of one target only (lit reads it
        # as a feature no configuration has, so lit still expects a pass on
        # the cpu target); `*` or nothing: every target.
        try:
            m = re.search(r"^\s*#\s*XFAIL:(.*)$", open(p, encoding="utf-8-sig").read(), re.M)
        except OSError:
            return False
        if not m:
            return False
        which = [w.strip() for w in m.group(1).split(",") if w.strip()]
        return not which or "*" in which or "target=" + args.target in which

    failed = xfailed = 0
    batch = len(progs) > 1
    jobs = max(1, args.jobs) if len(progs) > 1 else 1
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for p, msg in pool.map(one, progs):
            tag = "[target=%s mode=%s]" % (args.target, args.mode)
            if batch and is_xfail(p):
                if msg is None:
                    print("XPASS %s %s: marked XFAIL (known bug) but passes" % (p, tag))
                else:
                    xfailed += 1
                    print("XFAIL %s %s (known bug): %s" % (p, tag, msg.split("\n")[0]))
            elif msg is None:
                if args.verbose or len(progs) > 1:
                    print("PASS %s %s" % (p, tag))
            else:
                failed += 1
                print("FAIL %s %s (seed %d)\n%s\nreproduce: ARRAYC_E2E_SEED=%d %s %s --target=%s "
                      "--mode=%s %s\n" % (p, tag, seed, msg, seed, sys.executable,
                                          os.path.abspath(__file__), args.target, args.mode,
                                          os.path.abspath(p)))
            sys.stdout.flush()
    if batch:
        print("%d of %d programs passed, %d failed, %d expected failures (seed %d)" % (
            len(progs) - failed - xfailed, len(progs), failed, xfailed, seed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
