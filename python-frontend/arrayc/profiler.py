"""Profiling helpers named as cupyx.profiler names them: NVTX ranges
(`time_range`) for Nsight Systems, and `benchmark`, which times a function on
the host and, on the cuda target, on the GPU with events.

Every compiled function call is an NVTX range of its own (named by the
function) and every CUDA graph replay one named "arrayc: CUDA graph replay";
`time_range` adds yours around them. NVTX costs nothing unless a profiler
injects itself (`nsys profile ...`); in a libarrayc built without NVTX's header
(no CUDA toolkit), the ranges do nothing.
"""
import functools
import math
import time

import numpy as np

from . import _capi as C
from ._core import current_device, get_context


def nvtx_available():
    """Whether this libarrayc was built with NVTX (ranges reach a profiler)."""
    return bool(C.lib.arrayc_nvtx_available())


class time_range:
    """An NVTX range named `message` around a block or a function, as
    cupyx.profiler.time_range:

        with arrayc.profiler.time_range("step"):
            ...

        @arrayc.profiler.time_range()        # named by the function
        def step(x): ...

    sync=True waits for the current device's work before the range opens and
    before it closes (so the range covers the GPU work of the block)."""

    def __init__(self, message=None, sync=False):
        if message is not None and not isinstance(message, str):
            raise TypeError("time_range: message must be a str, not %s" % type(message).__name__)
        self.message = message
        self.sync = bool(sync)

    def _synchronize(self):
        if self.sync:
            ctx = get_context()
            if ctx.target == "cuda":
                ctx.synchronize()

    def __enter__(self):
        if self.message is None:
            raise ValueError("time_range: a message is needed outside a decorator")
        self._synchronize()
        C.lib.arrayc_range_push(self.message.encode("utf-8"))
        return self

    def __exit__(self, *exc):
        self._synchronize()
        C.lib.arrayc_range_pop()
        return False

    def __call__(self, func):
        message = self.message if self.message is not None else func.__name__
        sync = self.sync

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with time_range(message, sync=sync):
                return func(*args, **kwargs)
        return wrapper


class _PerfCaseResult:
    """What `benchmark` returns: `cpu_times` (n,) and `gpu_times`
    (len(devices), n), in seconds, as cupyx's result; str() prints
    `name : CPU: mean us +/- std (min / max) us GPU-0: ...`."""

    def __init__(self, name, ts, devices):
        self.name = name
        self._ts = ts
        self._devices = devices

    @property
    def cpu_times(self):
        """Host times of each repeat (seconds): the call's return, not the GPU's end."""
        return self._ts[0]

    @property
    def gpu_times(self):
        """GPU times of each repeat per device (seconds), from events on the
        current stream; shape (0, n) on the cpu target."""
        return self._ts[1:]

    @staticmethod
    def _to_str_per_item(device_name, t):
        t_us = t * 1e6
        s = "    {}: {:9.03f} us".format(device_name, t_us.mean())
        if t.size > 1:
            s += "   +/- {:6.03f} (min: {:9.03f} / max: {:9.03f}) us".format(
                t_us.std(), t_us.min(), t_us.max())
        return s

    def to_str(self, show_gpu=False):
        results = [self._to_str_per_item("CPU", self._ts[0])]
        if show_gpu:
            for i, d in enumerate(self._devices):
                results.append(self._to_str_per_item("GPU-{}".format(d), self._ts[1 + i]))
        return "{:<20s}:{}".format(self.name, " ".join(results))

    def __str__(self):
        return self.to_str(show_gpu=True)

    __repr__ = __str__


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,
              max_duration=math.inf, devices=None):
    """Times `func(*args, **kwargs)` as cupyx.profiler.benchmark: n_warmup
    calls, then up to n_repeat timed ones (fewer once max_duration seconds
    have passed). Each repeat's CPU time is the host's time to return; on the
    cuda target its GPU time is between events recorded on the current stream
    before and after the call (each repeat waits for its end event). devices:
    the CUDA devices to time (None: the current one on the cuda target, none
    on cpu)."""
    if name is None:
        name = getattr(func, "__name__", type(func).__name__)
    if not isinstance(n_repeat, int) or n_repeat < 1:
        raise ValueError("benchmark: n_repeat must be a positive int")
    if not isinstance(n_warmup, int) or n_warmup < 0:
        raise ValueError("benchmark: n_warmup must be a non-negative int")
    if devices is None:
        devices = (current_device(),) if get_context().target == "cuda" else ()
    devices = tuple(int(d) for d in devices)
    from . import cuda
    starts, ends = [], []
    for d in devices:
        with cuda.Device(d):
            starts.append(cuda.Event())
            ends.append(cuda.Event())

    for _ in range(n_warmup):
        func(*args, **kwargs)
    for ev, d in zip(starts, devices):  # the warm-up's work is done before timing
        with cuda.Device(d):
            ev.record()
            ev.synchronize()

    cpu_times = []
    gpu_times = [[] for _ in devices]
    duration = 0.0
    for _ in range(n_repeat):
        for ev, d in zip(starts, devices):
            with cuda.Device(d):
                ev.record()
        t1 = time.perf_counter()
        func(*args, **kwargs)
        t2 = time.perf_counter()
        for ev, d in zip(ends, devices):
            with cuda.Device(d):
                ev.record()
        for ev in ends:
            ev.synchronize()
        for i, (ev1, ev2) in enumerate(zip(starts, ends)):
            gpu_times[i].append(cuda.get_elapsed_time(ev1, ev2) * 1e-3)
        cpu_times.append(t2 - t1)
        duration += time.perf_counter() - t1
        if duration > max_duration:
            break

    ts = np.asarray([cpu_times] + gpu_times, dtype=np.float64)
    return _PerfCaseResult(name, ts, devices)
