"""Matrix products with an elementwise epilogue through @arrayc.jit, written
as NumPy users write an MLP layer, against NumPy in float64: on the cuda
target (ARRAYC_PYTEST_TARGET=cuda) each product and its bias/ReLU/scale is
one cuBLASLt call (arrayc_rt_cublas_lt_gemm_<T>, lib/Transforms/
GemmEpilogue.cpp, runtime/src/cublaslt.cpp), which the module dumped with
ARRAYC_DUMP_DIR shows; on the cpu target OpenBLAS GEMM calls and loops,
never a cuBLASLt call."""
from __future__ import annotations

import os
import pathlib

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng(7)


def dumped_ir(path: pathlib.Path) -> str:
    """The text of every MLIR stage a compile dumped under `path`."""
    return "\n".join(p.read_text(errors="replace") for p in sorted(path.rglob("*.mlir")))


def data(shape, dtype):
    return rng.standard_normal(shape).astype(dtype)


def rel_err(out, ref):
    return np.linalg.norm(out - ref) / np.linalg.norm(ref)


@pytest.mark.parametrize("dtype,tol", [(np.float32, 1e-5), (np.float64, 1e-12)])
def test_mlp_layer(dtype, tol, tmp_path, monkeypatch):
    monkeypatch.setenv("ARRAYC_DUMP_DIR", str(tmp_path))

    @arrayc.jit(target=TARGET)
    def mlp(x, w1, b1, w2, b2):
        h = np.maximum(x @ w1 + b1, 0.0)
        return h @ w2 + b2

    x, w1, b1 = data((256, 384), dtype), data((384, 200), dtype), data(200, dtype)
    w2, b2 = data((200, 72), dtype), data(72, dtype)
    out = arrayc.asnumpy(mlp(x, w1, b1, w2, b2))
    f64 = [a.astype(np.float64) for a in (x, w1, b1, w2, b2)]
    ref = np.maximum(f64[0] @ f64[1] + f64[2], 0.0) @ f64[3] + f64[4]
    assert out.dtype == dtype and out.shape == ref.shape
    assert rel_err(out, ref) < tol

    ir = dumped_ir(tmp_path)
    suffix = "f32" if dtype == np.float32 else "f64"
    assert "@arrayc_rt_" in ir, "no IR dumped"
    if TARGET == "cuda":
        # Both products with their epilogues, no plain GEMM call left.
        assert ir.count(f"call @arrayc_rt_cublas_lt_gemm_{suffix}(") >= 2
        assert f"@arrayc_rt_cublas_gemm_{suffix}(" not in ir
    else:
        assert "cublas_lt" not in ir
        assert f"@arrayc_rt_blas_gemm_{suffix}(" in ir


@pytest.mark.skipif(TARGET != "cuda", reason="cuBLASLt epilogues are the cuda target's")
def test_scale_relu_and_unmatched(tmp_path, monkeypatch):
    """A scale with ReLU is one cuBLASLt call; a bias along the rows is not
    cuBLASLt's bias and keeps the GEMM call (both correct)."""
    monkeypatch.setenv("ARRAYC_DUMP_DIR", str(tmp_path))

    @arrayc.jit(target=TARGET)
    def scaled(x, w):
        return np.maximum(0.5 * (x @ w), 0.0)

    @arrayc.jit(target=TARGET)
    def rows(x, w, r):
        return x @ w + r[:, None]

    x, w, r = data((130, 66), np.float32), data((66, 34), np.float32), data(130, np.float32)
    xd, wd, rd = (a.astype(np.float64) for a in (x, w, r))
    assert rel_err(arrayc.asnumpy(scaled(x, w)), np.maximum(0.5 * (xd @ wd), 0.0)) < 1e-5
    ir = dumped_ir(tmp_path)
    assert "call @arrayc_rt_cublas_lt_gemm_f32(" in ir
    assert rel_err(arrayc.asnumpy(rows(x, w, r)), xd @ wd + rd[:, None]) < 1e-5
    ir = dumped_ir(tmp_path)
    assert "call @arrayc_rt_cublas_gemm_f32(" in ir


@pytest.mark.skipif(TARGET != "cuda", reason="TF32 is the cuda target's")
def test_tf32_epilogue(tmp_path, monkeypatch):
    monkeypatch.setenv("ARRAYC_DUMP_DIR", str(tmp_path))

    @arrayc.jit(target="cuda", tf32=True)
    def layer(x, w, b):
        return np.maximum(x @ w + b, 0.0)

    x, w, b = data((512, 256), np.float32), data((256, 128), np.float32), data(128, np.float32)
    ref = np.maximum(x.astype(np.float64) @ w + b, 0.0)
    # TF32 rounds the inputs to a 10-bit mantissa.
    assert rel_err(arrayc.asnumpy(layer(x, w, b)), ref) < 5e-3
    assert "call @arrayc_rt_cublas_lt_gemm_tf32(" in dumped_ir(tmp_path)


@pytest.mark.parametrize("m,k,n", [(5, 0, 7), (0, 4, 7), (5, 4, 0)])
def test_empty(m, k, n):
    """No terms (k = 0: the epilogue of a zero product, relu(b) on every row;
    cuBLASLt runs it as a product of zeros with k = 1) and empty results."""

    @arrayc.jit(target=TARGET)
    def layer(x, w, b):
        return np.maximum(x @ w + b, 0.0)

    x, w, b = data((m, k), np.float32), data((k, n), np.float32), data(n, np.float32)
    out = arrayc.asnumpy(layer(x, w, b))
    ref = np.maximum(x.astype(np.float64) @ w + b, 0.0)
    assert out.shape == ref.shape
    assert np.array_equal(out, ref.astype(np.float32))


@pytest.mark.skipif(TARGET != "cuda", reason="cuBLASLt epilogues are the cuda target's")
def test_no_terms_takes_cublaslt(tmp_path, monkeypatch):
    """k = 0 goes through the cuBLASLt call too (a source of its own: a module
    already compiled in the process is not compiled, nor dumped, again)."""
    monkeypatch.setenv("ARRAYC_DUMP_DIR", str(tmp_path))

    @arrayc.jit(target=TARGET)
    def layer_no_terms(x, w, c):
        return np.maximum(c + x @ w, 0.0)

    x, w, c = data((3, 0), np.float32), data((0, 9), np.float32), data(9, np.float32)
    out = arrayc.asnumpy(layer_no_terms(x, w, c))
    assert np.array_equal(out, np.broadcast_to(np.maximum(c, 0.0), (3, 9)))
    assert "call @arrayc_rt_cublas_lt_gemm_f32(" in dumped_ir(tmp_path)
