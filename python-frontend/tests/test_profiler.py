"""arrayc.profiler (time_range, benchmark) and arrayc.cuda.Event, as cupyx.profiler
and cupy.cuda name them. The cpu-target tests run everywhere; the GPU ones run
with ARRAYC_PYTEST_TARGET=cuda."""
import math
import os

import numpy as np
import pytest

import arrayc
from arrayc import profiler

TARGET = os.environ.get("ARRAYC_PYTEST_TARGET", "cpu")
cuda_only = pytest.mark.skipif(TARGET != "cuda", reason="events need the cuda target")


@arrayc.jit(target=TARGET)
def chain(x):
    y = x
    for i in range(100):
        y = np.sin(y) * 0.5 + x
    return y


@arrayc.jit(target="cpu")
def twice(x):
    return x * 2.0


def test_time_range_as_context_manager_and_decorator():
    x = np.ones(16)
    with profiler.time_range("outer"):
        with profiler.time_range("inner", sync=True):
            out = twice(x)
    assert np.array_equal(np.asarray(out), 2 * x)

    @profiler.time_range()
    def named_by_function(v):
        return twice(v)

    @profiler.time_range("explicit")
    def other(v):
        return twice(v)

    assert named_by_function.__name__ == "named_by_function"
    assert np.array_equal(np.asarray(named_by_function(x)), 2 * x)
    assert np.array_equal(np.asarray(other(x)), 2 * x)
    with pytest.raises(TypeError, match="message must be a str"):
        profiler.time_range(3)
    with pytest.raises(ValueError, match="a message is needed"):
        with profiler.time_range():
            pass
    # An exception inside still closes the range (no unbalanced pop/push).
    with pytest.raises(KeyError):
        with profiler.time_range("raises"):
            raise KeyError("x")
    assert profiler.nvtx_available() in (True, False)


def test_benchmark_on_the_cpu_target():
    calls = []

    def f(a, scale=1.0):
        calls.append(1)
        return np.asarray(twice(a)) * scale

    x = np.arange(1000, dtype=np.float64)
    r = profiler.benchmark(f, (x,), {"scale": 2.0}, n_repeat=20, n_warmup=3, devices=())
    assert len(calls) == 23
    assert r.name == "f"
    assert r.cpu_times.shape == (20,) and r.cpu_times.dtype == np.float64
    assert (r.cpu_times > 0).all() and (r.cpu_times < 10).all()
    assert r.gpu_times.shape == (0, 20)
    text = str(r)
    assert text.startswith("f                   :    CPU:")
    assert " us   +/- " in text and "(min: " in text and "GPU" not in text
    assert repr(r) == text
    one = profiler.benchmark(f, (x,), n_repeat=1, n_warmup=0, name="single", devices=())
    assert str(one).startswith("single              :    CPU:") and "+/-" not in str(one)


def test_benchmark_stops_at_max_duration():
    import time

    def slow():
        time.sleep(0.01)

    r = profiler.benchmark(slow, n_repeat=10000, n_warmup=0, max_duration=0.05, devices=())
    assert 1 <= r.cpu_times.size < 20


def test_benchmark_checks_its_arguments():
    with pytest.raises(ValueError, match="n_repeat"):
        profiler.benchmark(print, n_repeat=0)
    with pytest.raises(ValueError, match="n_warmup"):
        profiler.benchmark(print, n_warmup=-1)


def test_benchmark_default_devices_follow_the_target():
    r = profiler.benchmark(twice, (np.ones(8),), n_repeat=3, n_warmup=1)
    expected = 1 if arrayc.get_context().target == "cuda" else 0
    assert r.gpu_times.shape == (expected, 3)
    assert math.isfinite(r.cpu_times.mean())


@pytest.mark.skipif(TARGET == "cuda", reason="checks the refusal without a GPU")
def test_events_without_a_gpu_raise_device_error():
    if arrayc.get_context().target == "cuda":
        pytest.skip("a GPU is usable here")
    with pytest.raises(arrayc.DeviceError):
        arrayc.cuda.Event()


def test_host_arrays_convert_to_numpy_without_a_copy():
    x = np.arange(6, dtype=np.float64)
    out = twice(x)
    v = np.asarray(out)
    assert v.ctypes.data == out.data_ptr
    assert np.array(out, copy=True).ctypes.data != out.data_ptr
    assert np.asarray(out, dtype=np.float32).dtype == np.float32
    assert np.array_equal(out.get(), 2 * x)


@cuda_only
def test_event_times_a_call():
    x = arrayc.asarray(np.full(1 << 22, 0.25, np.float32), target="cuda")
    chain(x)
    start, end = arrayc.cuda.Event(), arrayc.cuda.Event(block=True)
    assert end.done  # never recorded
    start.record()
    y = chain(x)
    end.record()
    assert not end.done  # 100 kernels over 4M elements are still running
    end.synchronize()
    assert end.done
    ms = arrayc.cuda.get_elapsed_time(start, end)
    assert 0 < ms < 10000
    assert y.shape == x.shape


@cuda_only
def test_untimed_event_and_stream_ordering():
    x = arrayc.asarray(np.full(1 << 20, 0.5, np.float32), target="cuda")
    a, b = arrayc.cuda.Event(disable_timing=True), arrayc.cuda.Event(disable_timing=True)
    a.record()
    b.record()
    b.synchronize()
    with pytest.raises(arrayc.DeviceError):
        arrayc.cuda.get_elapsed_time(a, b)
    with pytest.raises(ValueError):
        arrayc.cuda.Event(interprocess=True)
    y = chain(x)
    s = arrayc.cuda.Stream()
    ready = arrayc.cuda.get_current_stream().record()
    s.wait_event(ready)
    with s:
        z = chain(y)
    done = s.record()
    done.synchronize()
    yh = y.get().astype(np.float64)
    ref = yh
    for _ in range(100):
        ref = np.sin(ref) * 0.5 + yh
    np.testing.assert_allclose(z.get(), ref, rtol=1e-5, atol=1e-5)


@cuda_only
def test_benchmark_on_the_gpu():
    x = arrayc.asarray(np.full(1 << 22, 0.25, np.float32), target="cuda")
    r = profiler.benchmark(chain, (x,), n_repeat=10, n_warmup=2)
    assert r.gpu_times.shape == (1, 10)
    assert (r.gpu_times > 0).all()
    # The call returns before its 100 kernels finish: the GPU time is longer.
    assert np.median(r.gpu_times[0]) > np.median(r.cpu_times)
    assert "GPU-0:" in str(r)


@cuda_only
def test_device_arrays_refuse_implicit_conversion():
    y = chain(arrayc.asarray(np.ones(8, np.float32), target="cuda"))
    with pytest.raises(TypeError, match="Implicit conversion to a NumPy array is not allowed"):
        np.asarray(y)
    assert isinstance(y.get(), np.ndarray) and arrayc.asnumpy(y).shape == (8,)


@cuda_only
def test_cuda_array_interface_reports_the_stream():
    y = chain(arrayc.asarray(np.ones(8, np.float32), target="cuda"))
    cai = y.__cuda_array_interface__
    assert cai["version"] == 3
    default = arrayc.cuda.get_current_stream().handle
    assert isinstance(cai["stream"], int) and cai["stream"] == default and default not in (0,)
    s = arrayc.cuda.Stream()
    with s:
        assert y.__cuda_array_interface__["stream"] == s.handle == s.ptr
    cp = pytest.importorskip("cupy")
    assert float(cp.asarray(y).sum()) == pytest.approx(float(y.get().sum()), rel=1e-6)


@cuda_only
def test_dlpack_orders_the_consumer_stream_with_an_event():
    cp = pytest.importorskip("cupy")
    x = arrayc.asarray(np.full(1 << 22, 0.25, np.float32), target="cuda")
    y = chain(x)  # still running when the export happens
    consumer = cp.cuda.Stream(non_blocking=True)
    with consumer:
        got = cp.from_dlpack(y)  # y.__dlpack__(stream=consumer.ptr)
        total = float(got.astype(cp.float64).sum())
    assert total == pytest.approx(float(y.get().astype(np.float64).sum()), rel=1e-9)
    # stream=-1: no ordering asked for; stream=None: the legacy default stream.
    y.__dlpack__(stream=-1)
    y.__dlpack__(stream=None)
    with pytest.raises(TypeError):
        y.__dlpack__(stream="s")
