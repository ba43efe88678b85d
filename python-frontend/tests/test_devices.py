"""The current device, as in CuPy: arrayc.cuda.Device(n).use() and
`with Device(n):`, arrays' .device, arrayc.cuda.runtime.getDeviceCount(), an
operand on another device raising ValueError. Without a GPU the argument
checks and the cpu target run; with ARRAYC_PYTEST_TARGET=cuda the GPU tests
run on device 0 (one GPU) and on devices 0 and 1 (skipped with fewer)."""
from __future__ import annotations

import ctypes
import os

import numpy as np
import pytest

import arrayc
from arrayc import _capi as C
from arrayc._core import error_for, view
from arrayc.cuda import Device
from arrayc.cuda import runtime

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
COUNT = int(C.lib.arrayc_cuda_device_count())
needs_gpu = pytest.mark.skipif(TARGET != "cuda" or COUNT < 1,
                               reason="needs ARRAYC_PYTEST_TARGET=cuda and a GPU")
needs_two = pytest.mark.skipif(TARGET != "cuda" or COUNT < 2,
                               reason="needs ARRAYC_PYTEST_TARGET=cuda and two GPUs")


@arrayc.jit(target=TARGET)
def axpy(a, x, y):
    return a * x + y


def test_device_objects():
    assert Device().id == 0
    assert Device(3).id == 3 and Device(Device(2)).id == 2
    assert Device(1) == Device(1) and Device(1) != Device(0) and Device(0) != 0
    assert len({Device(1), Device(1), Device(0)}) == 2
    assert repr(Device(2)) == "<CUDA Device 2>"


def test_with_and_use_set_the_thread_current_device():
    assert runtime.getDevice() == 0
    with Device(0) as d:
        assert d.id == 0 and Device().id == 0
        with Device(0):
            assert runtime.getDevice() == 0
    Device(0).use()
    assert Device().id == 0


def test_a_device_that_does_not_exist_raises_on_use():
    k = max(COUNT, 1)  # device 0 is also the cpu target's
    with pytest.raises(runtime.CUDARuntimeError, match="cudaErrorInvalidDevice") as e:
        Device(k).use()
    assert isinstance(e.value, arrayc.DeviceError)
    assert e.value.status == runtime.cudaErrorInvalidDevice
    with pytest.raises(runtime.CUDARuntimeError, match="invalid device ordinal"):
        with Device(k):
            pass
    with pytest.raises(runtime.CUDARuntimeError):
        Device(-1).use()
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.setDevice(k)
    assert Device().id == 0  # unchanged


def test_get_device_count():
    if COUNT == 0:
        with pytest.raises(runtime.CUDARuntimeError, match="cudaErrorNoDevice"):
            runtime.getDeviceCount()
    else:
        assert runtime.getDeviceCount() == COUNT


def test_other_device_errors_are_value_errors():
    e = error_for(C.ERR_DEVICE, "f: argument 1 ('x'): the device where the array resides (1) "
                                "is different from the current device (0)")
    assert isinstance(e, ValueError) and isinstance(e, arrayc.DeviceError)
    assert not isinstance(error_for(C.ERR_DEVICE, "CUDA: out of luck"), ValueError)


@pytest.mark.skipif(TARGET != "cpu", reason="the cpu target")
def test_cpu_target_under_device_zero():
    x = np.arange(5, dtype=np.float32)
    with Device(0):
        r = axpy(np.float32(2), x, x)
    assert r.device is None
    assert np.array_equal(arrayc.asnumpy(r), 3 * x)


def _ordinal(ptr):
    """The device holding `ptr`, as the driver says (cuPointerGetAttribute)."""
    cuda = ctypes.CDLL("libcuda.so.1")
    ordinal = ctypes.c_int(-1)
    CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
    r = cuda.cuPointerGetAttribute(ctypes.byref(ordinal), CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                   ctypes.c_uint64(ptr))
    assert r == 0, r
    return ordinal.value


@needs_gpu
def test_device_zero():
    x = np.linspace(0, 1, 1000, dtype=np.float32)
    with Device(0):
        d = arrayc.asarray(x)
        assert d.device == Device(0) and d.device.id == 0
        assert _ordinal(d.data_ptr) == 0
        r = axpy(np.float32(3), d, d)
    assert r.device == Device(0)
    np.testing.assert_allclose(r.get(), 4 * x, rtol=1e-6)
    # A view that says it lives on device 1: refused before any copy.
    raw = view(d.data_ptr, np.dtype(np.float32), (1000,), None, 1)
    other = arrayc.ndarray(raw, arrayc.get_context("cuda", 1) if COUNT > 1 else d._ctx)
    with pytest.raises(ValueError, match=r"the device where the array resides \(1\) is "
                                         r"different from the current device \(0\)"):
        axpy(np.float32(1), other, d)
    if COUNT == 1:
        with pytest.raises(runtime.CUDARuntimeError, match="cudaErrorInvalidDevice"):
            Device(1).use()


@needs_two
def test_two_devices():
    x = np.linspace(-1, 1, 1 << 20, dtype=np.float32)
    pool = arrayc.get_default_memory_pool()
    with Device(1):
        used1 = pool.used_bytes()
    used0 = pool.used_bytes()
    with Device(1):
        d1 = arrayc.asarray(x)
        assert d1.device == Device(1)
        assert _ordinal(d1.data_ptr) == 1
        assert pool.used_bytes() >= used1 + x.nbytes  # device 1's pool
        r = axpy(np.float32(2), d1, d1)
        assert r.device == Device(1) and _ordinal(r.data_ptr) == 1
    assert pool.used_bytes() == used0  # device 0's pool did not see them
    np.testing.assert_allclose(r.get(), 3 * x, rtol=1e-6)  # read from device 0: fine
    d0 = arrayc.asarray(x)
    assert d0.device == Device(0) and _ordinal(d0.data_ptr) == 0
    with Device(1):
        with pytest.raises(ValueError, match=r"resides \(0\) is different from the current "
                                             r"device \(1\)"):
            axpy(np.float32(2), d0, d1)
    with pytest.raises(ValueError, match=r"resides \(1\) is different from the current "
                                         r"device \(0\)"):
        axpy(np.float32(2), d1, d0)
    Device(1).use()
    try:
        assert np.allclose(axpy(np.float32(1), d1, d1).get(), 2 * x)
    finally:
        Device(0).use()
    del d1, r
    with Device(1):
        assert pool.used_bytes() < used1 + x.nbytes  # freed into device 1's pool


@needs_two
def test_cupy_array_of_another_device():
    cp = pytest.importorskip("cupy")
    with cp.cuda.Device(0):
        x = cp.arange(1000, dtype=cp.float32)
    with Device(1):
        with pytest.raises(ValueError, match="different from the current device"):
            axpy(np.float32(1), x, x)
    with cp.cuda.Device(1):
        y = cp.arange(1000, dtype=cp.float32)
    with Device(1):
        r = axpy(np.float32(2), y, y)
    assert r.device == Device(1)
    assert cp.cuda.runtime.getDevice() == 0  # CuPy's current device is left alone
    assert np.allclose(r.get(), 3 * np.arange(1000, dtype=np.float32))


@needs_two
def test_torch_tensor_of_another_device():
    torch = pytest.importorskip("torch")
    t = torch.ones(100, device="cuda:1")
    with pytest.raises(ValueError, match=r"resides \(1\) is different from the current "
                                         r"device \(0\)"):
        axpy(np.float32(1), t, t)
    with Device(1):
        r = axpy(np.float32(1), t, t)
    assert r.device == Device(1)
    assert np.allclose(r.get(), 2)


@arrayc.jit(target=TARGET)
def dense_relu(x, w, b):
    return np.maximum(x @ w + b, 0.0)


@arrayc.jit(target=TARGET)
def solve(a, b):
    return np.linalg.solve(a, b)


@arrayc.jit(target=TARGET)
def spectrum(x):
    return np.abs(np.fft.rfft(x))


@pytest.mark.skipif(TARGET != "cuda" or COUNT < 1, reason="needs ARRAYC_PYTEST_TARGET=cuda")
@pytest.mark.parametrize("device", [0, 1])
def test_libraries_on_each_device(device):
    """cuBLAS (and cuBLASLt for a product with an epilogue), cuSOLVER and cuFFT
    run with the device's own handles and plans: the same functions on device
    0, then on device 1, give NumPy's answers."""
    if device >= COUNT:
        pytest.skip("needs two GPUs")
    rng = np.random.default_rng(device)
    x = rng.standard_normal((256, 128)).astype(np.float32)
    w = rng.standard_normal((128, 64)).astype(np.float32)
    b = rng.standard_normal(64).astype(np.float32)
    a = rng.standard_normal((32, 32)) + 32 * np.eye(32)
    v = rng.standard_normal(32)
    s = rng.standard_normal(1024)
    with Device(device):
        y = dense_relu(x, w, b)
        z = solve(a, v)
        f = spectrum(s)
    assert y.device == Device(device) and z.device == Device(device)
    cp = pytest.importorskip("cupy")
    assert cp.cuda.runtime.getDevice() == 0  # the libraries left CuPy's device alone
    np.testing.assert_allclose(y.get(), np.maximum(x @ w + b, 0), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(z.get(), np.linalg.solve(a, v), rtol=1e-10)
    np.testing.assert_allclose(f.get(), np.abs(np.fft.rfft(s)), rtol=1e-9, atol=1e-9)
