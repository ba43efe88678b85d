"""CuPy and PyTorch on the GPU: their arrays go in without a copy, results come
back out through __cuda_array_interface__ and DLPack. Skipped without a GPU
target or without the library."""
import os

import numpy as np
import pytest

import arrayc

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
pytestmark = pytest.mark.skipif(TARGET != "cuda", reason="device arrays need the cuda target")


@arrayc.jit(target="cuda")
def sqdiff(x, y):
    return (x - y) * (x - y)


def test_cupy_in_and_out():
    cp = pytest.importorskip("cupy")
    x = cp.random.standard_normal(10_000, dtype=cp.float32)
    y = cp.random.standard_normal(10_000, dtype=cp.float32)
    d = sqdiff(x, y)
    assert d.device == arrayc.cuda.Device(0) and d.device.id == 0
    ref = (x.astype(cp.float64) - y) ** 2
    got = cp.asarray(d)  # __cuda_array_interface__: no copy
    assert got.data.ptr == d.data_ptr
    assert float(cp.linalg.norm(got - ref) / cp.linalg.norm(ref)) < 1e-6
    got2 = cp.from_dlpack(d)
    assert float(cp.abs(got2 - got).max()) == 0


def test_torch_in_and_out():
    torch = pytest.importorskip("torch")
    x = torch.randn(4096, device="cuda")
    y = torch.randn(4096, device="cuda")
    d = sqdiff(x, y)
    t = torch.from_dlpack(d)
    assert t.device.type == "cuda" and t.data_ptr() == d.data_ptr
    ref = (x.double() - y.double()) ** 2
    assert float(torch.linalg.norm(t.double() - ref) / torch.linalg.norm(ref)) < 1e-6
    t2 = torch.as_tensor(d, device="cuda")  # __cuda_array_interface__
    assert torch.equal(t, t2)


def test_numpy_arguments_are_copied_to_the_device():
    x = np.random.default_rng().standard_normal(1000).astype(np.float32)
    d = sqdiff(x, np.zeros_like(x))
    assert d.device == arrayc.cuda.Device(0) and d.device.id == 0
    assert np.allclose(d.get(), x.astype(np.float64) ** 2, rtol=1e-6)


class _DLPackOnly:
    """A GPU array offered through DLPack alone (as JAX's are)."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, stream=None):
        return self._a.__dlpack__()

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_dlpack_only_input():
    torch = pytest.importorskip("torch")
    x = torch.randn(3000, device="cuda")
    d = sqdiff(_DLPackOnly(x), _DLPackOnly(x * 0.5))
    ref = ((x * 0.5).double() ** 2)
    t = torch.from_dlpack(d)
    assert float(torch.linalg.norm(t.double() - ref) / torch.linalg.norm(ref)) < 1e-6


@arrayc.jit(target="cuda")
def jacobi_in_place(A, steps):
    for t in range(steps):
        A[1:-1, 1:-1] = 0.25 * (A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])


@arrayc.jit(target="cuda")
def axpy_in_place(a, x, y):
    y += a * x


def test_cupy_argument_written_in_place():
    # Written where it is: the same device memory, no copy back.
    cp = pytest.importorskip("cupy")
    A = cp.random.standard_normal((64, 48))
    ptr = A.data.ptr
    ref = cp.asnumpy(A)
    jacobi_in_place.__wrapped__(ref, 5)
    jacobi_in_place(A, 5)
    assert A.data.ptr == ptr
    np.testing.assert_allclose(cp.asnumpy(A), ref, rtol=1e-12, atol=1e-12)
    x = cp.random.standard_normal(1000)
    refx = cp.asnumpy(x) * 3.0
    axpy_in_place(2.0, x, x)  # the same array twice: NumPy's answer
    np.testing.assert_allclose(cp.asnumpy(x), refx, rtol=1e-12)


def test_torch_argument_written_in_place():
    torch = pytest.importorskip("torch")
    x = torch.randn(4096, device="cuda", dtype=torch.float64)
    y = torch.randn(4096, device="cuda", dtype=torch.float64)
    ref = (y + 0.5 * x).cpu().numpy()
    axpy_in_place(0.5, x, y)
    np.testing.assert_allclose(y.cpu().numpy(), ref, rtol=1e-12)


def test_numpy_argument_written_through_the_device_copy():
    # Staged to the device, then copied back into the NumPy array (a strided
    # view too: back into its own strides).
    rng = np.random.default_rng()
    A = rng.standard_normal((40, 60))
    ref = A.copy()
    jacobi_in_place.__wrapped__(ref[:, ::2], 4)
    jacobi_in_place(A[:, ::2], 4)
    np.testing.assert_allclose(A, ref, rtol=1e-12, atol=1e-12)
