"""Compiles share one pool of threads per process (lib/Compiler/Compile.cpp):
compiles from several Python threads at once each get their code, and a
process forked after a compile (multiprocessing's default on Linux), whose
copy of the pool has no threads, compiles with a pool of its own instead of
waiting forever. ARRAYC_PYTEST_TARGET picks the target (cpu by default)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")


def source(k):
    # A distinct source per k: every compile misses the in-memory cache.
    # Several exported functions: the pass manager runs their passes on the
    # pool's threads.
    text = ("def f(x: f64[n]) -> f64[n]:\n"
            "    y = x * %d.0 + 1.0\n"
            "    return y - x.sum() * 0.0\n" % k)
    for i in range(6):
        text += "def g%d(x: f64[n]) -> f64[n]:\n    return x * %d.0 - %d.0\n" % (i, i, k)
    return text


def threads():
    return len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None


def run(k, x):
    m = arrayc.compile(source(k), name="threads_%d" % k, target=TARGET)
    return arrayc.asnumpy(m.f(x)) if TARGET == "cuda" else np.asarray(m.f(x))


def test_compiles_from_several_threads(monkeypatch, tmp_path):
    monkeypatch.setenv("ARRAYC_CACHE_DIR", str(tmp_path))
    x = np.arange(1000, dtype=np.float64)
    results, errors = {}, []

    def work(k):
        try:
            results[k] = run(100 + k, x)
        except Exception as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors
    for k in range(4):
        np.testing.assert_allclose(results[k], x * (100 + k) + 1.0)


FORK = r"""
import os, sys, time
import numpy as np
sys.path.insert(0, %(here)r)
import test_compile_threads as T
x = np.arange(100, dtype=np.float64)
before = T.threads()
assert np.allclose(T.run(200, x), x * 200 + 1.0)
if before is not None and (os.cpu_count() or 1) > 1:
    # The pool's threads, which a fork does not copy.
    assert T.threads() > before, (before, T.threads())
pid = os.fork()
if pid == 0:
    code = 1
    try:
        code = 0 if np.allclose(T.run(201, x), x * 201 + 1.0) else 1
    finally:
        os._exit(code)
deadline = time.time() + 300
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        sys.exit(0 if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else 3)
    time.sleep(0.1)
os.kill(pid, 9)
sys.exit(4)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
def test_compile_after_fork(tmp_path):
    """In a new process (its pool not yet started by other tests): a compile,
    then a fork whose child compiles; exit 4: the child hung."""
    env = dict(os.environ, ARRAYC_CACHE_DIR=str(tmp_path))
    p = subprocess.run([sys.executable, "-c", FORK % {"here": os.path.dirname(
        os.path.abspath(__file__))}], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, timeout=600)
    assert p.returncode == 0, p.stdout
