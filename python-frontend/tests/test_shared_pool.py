"""ARRAYC_CUDA_POOL=driver: arrayc's device arrays come from the driver's
default memory pool, the one CuPy's MemoryAsyncPool allocates from, so a
process using both keeps one cache. Runs with ARRAYC_PYTEST_TARGET=cuda and
CuPy (in a fresh process: the variable is read when the pool starts)."""
import os
import subprocess
import sys
import textwrap

import pytest

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")

SCRIPT = textwrap.dedent("""
    import numpy as np, cupy as cp, arrayc
    from cupy.cuda import runtime as rt
    cp.cuda.set_allocator(cp.cuda.MemoryAsyncPool().malloc)

    @arrayc.jit(target="cuda")
    def affine(x):
        return x * 2.0 + 1.0

    pool = rt.deviceGetDefaultMemPool(0)
    def driver_used():
        return rt.memPoolGetAttribute(pool, rt.cudaMemPoolAttrUsedMemCurrent)

    n = 1 << 24
    x = cp.arange(n, dtype=cp.float32)          # CuPy's block: from the driver pool
    base = driver_used()
    y = affine(x)                                # arrayc's result: from the same pool
    cp.cuda.Device().synchronize()
    grown = driver_used() - base
    assert grown >= 4 * n, grown
    mine = arrayc.cuda.get_default_memory_pool()
    assert mine.free_bytes() == 0, mine.free_bytes()   # no second cache
    ref = cp.asnumpy(x) * 2.0 + 1.0
    assert np.array_equal(cp.asnumpy(cp.asarray(y)), ref)
    del y
    cp.cuda.Device().synchronize()
    assert driver_used() - base < 4 * n, driver_used() - base   # returned to the driver pool
    print("shared pool OK", grown)
""")


@pytest.mark.skipif(TARGET != "cuda", reason="needs the cuda target (ARRAYC_PYTEST_TARGET=cuda)")
def test_arrays_come_from_the_drivers_pool_as_cupys_do(tmp_path):
    pytest.importorskip("cupy")
    script = tmp_path / "shared_pool_check.py"  # arrayc.jit reads functions from files
    script.write_text(SCRIPT)
    env = dict(os.environ, ARRAYC_CUDA_POOL="driver")
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "shared pool OK" in r.stdout
