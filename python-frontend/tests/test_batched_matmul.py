"""Batched matrix products through @arrayc.jit against NumPy: on the cpu
target OpenBLAS per batch element (a large batch of small products on the
runtime's threads), with ARRAYC_PYTEST_TARGET=cuda cuBLAS's strided-batched
GEMM: one call where the batch loops collapse to one stride per operand
(3-D, 4-D, an operand broadcast with stride 0), a loop of calls where they
do not (size-1 batch dims broadcast against each other), transposed
operands, f32/f64/c64/c128 and, on cuda, the TF32 and fp16 paths."""
from __future__ import annotations

import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
rng = np.random.default_rng(29)


@arrayc.jit(target=TARGET)
def mm(a, b):
    return a @ b


@arrayc.jit(target=TARGET)
def mm_bt(a, b):
    return a @ np.swapaxes(b, -1, -2)


@arrayc.jit(target=TARGET)
def mm_at(a, b):
    return np.swapaxes(a, -1, -2) @ b


if TARGET == "cuda":
    @arrayc.jit(target="cuda", tf32=True)
    def mm_tf32(a, b):
        return a @ b

    @arrayc.jit(target="cuda", fp16=True)
    def mm_fp16(a, b):
        return a @ b


def data(shape, dtype):
    x = rng.standard_normal(shape)
    if np.issubdtype(dtype, np.complexfloating):
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def check(f, ref, a, b, dtype, tol=None):
    out = arrayc.asnumpy(f(a, b))
    r = ref(a.astype(np.complex128 if np.iscomplexobj(a) else np.float64), b)
    assert out.shape == r.shape and out.dtype == np.result_type(a, b)
    if tol is None:
        tol = 1e-5 if dtype in (np.float32, np.complex64) else 1e-12
    err = np.linalg.norm(out - r) / np.linalg.norm(r)
    assert err < tol, (a.shape, b.shape, err)


SHAPES = [
    ((64, 6, 7), (64, 7, 5)),          # 3-D: one strided-batched call
    ((3, 4, 6, 7), (3, 4, 7, 5)),      # 4-D: the two batch dims collapse
    ((3, 4, 6, 7), (4, 7, 5)),         # B broadcast over the outer batch dim
    ((6, 7), (64, 7, 5)),              # A shared by the whole batch (stride 0)
    ((5, 1, 6, 7), (1, 8, 7, 5)),      # broadcast both ways: a loop of calls
    ((300, 32, 32), (300, 32, 32)),    # a large batch of small products (threads)
    ((2, 3, 1, 33), (2, 3, 33, 1)),    # 1x1 results
]


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("sa,sb", SHAPES)
def test_batched_matmul(dtype, sa, sb):
    a, b = data(sa, dtype), data(sb, dtype)
    check(mm, np.matmul, a, b, dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64])
def test_batched_matmul_transposed_operands(dtype):
    a, b, c = data((64, 6, 7), dtype), data((64, 5, 7), dtype), data((64, 7, 6), dtype)
    check(mm_bt, lambda x, y: x @ np.swapaxes(y, -1, -2), a, b, dtype)
    check(mm_at, lambda x, y: np.swapaxes(x, -1, -2) @ y, c, data((64, 7, 5), dtype), dtype)
    # 4-D with a broadcast batch dim
    check(mm_bt, lambda x, y: x @ np.swapaxes(y, -1, -2), data((2, 3, 6, 7), dtype),
          data((3, 5, 7), dtype), dtype)


def test_batched_matmul_empty_batch_and_contraction():
    a, b = data((0, 4, 5), np.float32), data((0, 5, 3), np.float32)
    assert arrayc.asnumpy(mm(a, b)).shape == (0, 4, 3)
    a, b = data((4, 3, 0), np.float64), data((4, 0, 2), np.float64)
    out = arrayc.asnumpy(mm(a, b))
    assert out.shape == (4, 3, 2) and not out.any()


@pytest.mark.parametrize("opt,tol", [("tf32", 5e-3), ("fp16", 5e-3)])
def test_batched_matmul_reduced_precision_on_cuda(opt, tol):
    if TARGET != "cuda":
        pytest.skip("TF32 and fp16 products are cuBLAS's")
    f = mm_tf32 if opt == "tf32" else mm_fp16
    for sa, sb in SHAPES[:5]:
        a, b = data(sa, np.float32), data(sb, np.float32)
        check(f, np.matmul, a, b, np.float32, tol)
