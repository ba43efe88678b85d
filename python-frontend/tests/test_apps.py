"""The application corpus test/apps/*.arr through @arrayc.jit.

Each program there is a NumPy script: unannotated kernel functions and
helpers, and a `main()` that loads its inputs with np.load, calls the
kernels and saves what they return and what they changed in place. Here the
script runs as Python twice, in fresh module namespaces, each in its own
directory holding the same fresh random inputs (the `# INPUT:` lines, made as
test/e2e/run_e2e.py makes them): once as plain NumPy, and once with every
function named on its `# JIT:` line wrapped by arrayc.jit(target=...) (the
target from $ARRAYC_PYTEST_TARGET, default cpu; results are brought back with
arrayc.asnumpy). Every `# OUTPUT:` file of the two runs is compared by
run_e2e.py's rule: dtype and shape equal, integers and bools exact, floats by
relative norm (the OUTPUT line's tolerance, else by dtype).

A program with a `# NEEDS:` or `# NEEDS-JIT:` line is expected to fail here
(xfail, strict: one that starts passing is reported); `# NEEDS-ARR:` names
what only the .arr path (lit, `arrayc run`) lacks.
"""
import importlib.util
import os
import re

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
# The repository: $ARRAYC_SRC_ROOT (lit runs a copy of python-frontend), else
# the checkout holding this file.
ROOT = os.environ.get("ARRAYC_SRC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APPS = os.path.join(ROOT, "test", "apps")
if not os.path.isdir(APPS):
    pytest.skip("no test/apps under %s (set ARRAYC_SRC_ROOT to the repository)" % ROOT,
                allow_module_level=True)


def _load_harness():
    path = os.path.join(ROOT, "test", "e2e", "run_e2e.py")
    spec = importlib.util.spec_from_file_location("run_e2e", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# Importing run_e2e.py sets NumPy 2's promotion (NEP 50) under NumPy 1.x for
# the whole process: undone here, so that the other tests keep NumPy's own;
# numpy2_promotion sets it while a program runs.
_promotion = getattr(np, "_get_promotion_state", lambda: None)()
e2e = _load_harness()
if _promotion is not None:
    np._set_promotion_state(_promotion)


class numpy2_promotion:
    """NumPy 2's ('weak', NEP 50) promotion while a program runs under NumPy
    1.x, as run_e2e.py's reference does: arrayc follows NumPy 2."""

    def __enter__(self):
        self.saved = getattr(np, "_get_promotion_state", lambda: None)()
        if self.saved is not None:
            np._set_promotion_state("weak")

    def __exit__(self, *exc):
        if self.saved is not None:
            np._set_promotion_state(self.saved)


def header(src, key):
    """The words of every `# KEY:` line, joined."""
    return " ".join(m.group(1).strip() for m in
                    re.finditer(r"^\s*#\s*%s:(.*)$" % re.escape(key), src, re.M))


def jit_needs(src):
    """What the @arrayc.jit path is marked as lacking, or ''."""
    return "; ".join(x for x in (header(src, "NEEDS"), header(src, "NEEDS-JIT")) if x)


def programs():
    return sorted(f for f in os.listdir(APPS) if f.endswith(".arr"))


def make_inputs(spec, seed):
    rng = np.random.default_rng(seed)
    return {f: e2e.make_input(rng, dt, shape, kws) for f, dt, shape, kws in spec.inputs}


def jitted(fn):
    """arrayc.jit of fn, whose results come back as NumPy arrays."""
    compiled = arrayc.jit(target=TARGET)(fn)

    def call(*args, **kwargs):
        out = compiled(*args, **kwargs)
        if isinstance(out, tuple):
            return tuple(arrayc.asnumpy(o) if o is not None else o for o in out)
        return arrayc.asnumpy(out) if out is not None else None
    call.__wrapped__ = fn
    call.__name__ = fn.__name__
    return call


def run_script(path, src, inputs, workdir, jit_names):
    """Runs the script's main() in workdir (which gets the inputs); returns
    {output file: array}."""
    os.makedirs(workdir)
    for fname, a in inputs.items():
        np.save(os.path.join(workdir, fname), a)
    ns = {"__name__": "app_" + os.path.basename(path)[:-4], "__file__": path}
    if not hasattr(np, "trapz"):
        np.trapz = np.trapezoid  # NumPy 2 removed the spelling the programs use
    exec(compile(src, path, "exec"), ns)
    for name in jit_names:
        if name not in ns:
            raise AssertionError("%s: `# JIT: %s`: no such function" % (path, name))
        ns[name] = jitted(ns[name])
    cwd = os.getcwd()
    os.chdir(workdir)
    try:
        with np.errstate(all="ignore"), numpy2_promotion():
            ns["main"]()
    finally:
        os.chdir(cwd)
    return {f: np.load(os.path.join(workdir, f)) for f in os.listdir(workdir)
            if f.endswith(".npy") and f not in inputs}


def check_program(name, tmpdir, seed=None):
    """Runs test/apps/<name> both ways; raises AssertionError on a difference."""
    path = os.path.join(APPS, name)
    src = open(path, encoding="utf-8").read()
    spec = e2e.parse_spec(path, src)
    jit_names = header(src, "JIT").split()
    assert jit_names, "%s: no `# JIT:` line names a kernel" % path
    if seed is None:
        env = os.environ.get("ARRAYC_E2E_SEED")
        seed = int(env) if env else int(np.random.SeedSequence().entropy % 2**32)
    inputs = make_inputs(spec, seed)
    ref = run_script(path, src, inputs, os.path.join(str(tmpdir), "numpy"), [])
    got = run_script(path, src, inputs, os.path.join(str(tmpdir), "jit"), jit_names)
    tol_floor = max([e2e.DEFAULT_TOL.get(a.dtype.name, 0.0) for a in inputs.values()] + [0.0])
    errors = []
    for fname, tol, kws in spec.outputs:
        if fname not in ref:
            errors.append("%s: the NumPy run did not save it" % fname)
        elif fname not in got:
            errors.append("%s: not saved by the jitted run" % fname)
        else:
            msg = e2e.compare(fname, got[fname], ref[fname], ref[fname], tol, kws, tol_floor)
            if msg:
                errors.append("%s: %s" % (fname, msg))
    assert not errors, "%s (seed %d):\n%s" % (name, seed, "\n".join(errors))


def _param(name):
    needs = jit_needs(open(os.path.join(APPS, name), encoding="utf-8").read())
    marks = [pytest.mark.xfail(strict=True, reason="needs " + needs)] if needs else []
    return pytest.param(name, marks=marks, id=name[:-4])


@pytest.mark.parametrize("name", [_param(n) for n in programs()])
def test_app(name, tmp_path):
    check_program(name, tmp_path)
