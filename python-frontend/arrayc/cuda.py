"""Devices, streams, events and the memory pool, named as CuPy names them
(cupy.cuda.Device, cupy.cuda.Stream, cupy.cuda.Event, cupy.cuda.get_elapsed_time,
cupy.get_default_memory_pool)."""
import ctypes

from . import _capi as C
from . import _runtime as runtime
from ._core import (Device, _local, check, current_device, current_stream, get_context,
                    stream_handle)


class Stream:
    """A stream of the current device: `with stream:` queues the block's calls
    on it (this thread). Blocking, as CuPy's Stream(non_blocking=False): ordered
    after the default stream's work. `Stream.null` is the default stream."""

    null = None  # set below

    def __init__(self, _handle=None):
        self._ctx = get_context("cuda")
        if _handle == "null":
            self.ptr = None
            return
        handle = ctypes.c_void_p()
        check(C.lib.arrayc_stream_create(self._ctx._h, ctypes.byref(handle)))
        self.ptr = handle.value

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", None), None
        if ptr and C is not None and C.lib is not None:
            C.lib.arrayc_stream_destroy(self._ctx._h, ctypes.c_void_p(ptr))

    def __enter__(self):
        _local.streams.append(self)
        return self

    def __exit__(self, *exc):
        _local.streams.pop()

    def synchronize(self):
        check(C.lib.arrayc_stream_synchronize(self._ctx._h, ctypes.c_void_p(self.ptr)))

    @property
    def handle(self):
        """The CUstream as an int (for other libraries; the null stream's is
        the runtime's default stream, a blocking stream of its own)."""
        return stream_handle(self._ctx, self.ptr)

    def record(self, event=None):
        """Records `event` (None: a new Event) on this stream; returns it."""
        if event is None:
            event = Event()
        event.record(self)
        return event

    def wait_event(self, event):
        """Work queued on this stream from now on waits for `event`."""
        check(C.lib.arrayc_stream_wait_event(self.ptr, event._h))

    def __repr__(self):
        return "<arrayc.cuda.Stream %s>" % (hex(self.ptr) if self.ptr else "null")


class Event:
    """A CUDA event of the current device, as cupy.cuda.Event: `record()` on a
    stream, `synchronize()`, `done`, and get_elapsed_time(start, end).
    block=True: synchronize() sleeps instead of spinning; disable_timing=True:
    an event for ordering only (no elapsed time). Needs the cuda target
    (DeviceError without a usable GPU)."""

    def __init__(self, block=False, disable_timing=False, interprocess=False):
        if interprocess:
            raise ValueError("arrayc.cuda.Event: interprocess events are not supported")
        self._h = None
        self._ctx = get_context("cuda")
        flags = ((C.EVENT_BLOCKING_SYNC if block else 0) |
                 (C.EVENT_DISABLE_TIMING if disable_timing else 0))
        handle = ctypes.c_void_p()
        check(C.lib.arrayc_event_create(self._ctx._h, flags, ctypes.byref(handle)))
        self._h = handle.value
        self.block = bool(block)
        self.disable_timing = bool(disable_timing)

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h and C is not None and C.lib is not None:
            C.lib.arrayc_event_destroy(ctypes.c_void_p(h))

    @property
    def ptr(self):
        return self._h

    def record(self, stream=None):
        """Records the event after the work queued so far on `stream` (None:
        the current stream)."""
        if stream is None:
            stream = get_current_stream()
        check(C.lib.arrayc_event_record(self._h, ctypes.c_void_p(stream.ptr)))

    def synchronize(self):
        """Waits for the work before the last record."""
        check(C.lib.arrayc_event_synchronize(self._h))

    @property
    def done(self):
        """True when the work before the last record has finished (or the
        event was never recorded)."""
        done = ctypes.c_int32()
        check(C.lib.arrayc_event_query(self._h, ctypes.byref(done)))
        return bool(done.value)

    def __repr__(self):
        return "<arrayc.cuda.Event 0x%x>" % (self._h or 0)


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events (both finished), as
    cupy.cuda.get_elapsed_time."""
    ms = ctypes.c_float()
    check(C.lib.arrayc_event_elapsed_ms(start_event._h, end_event._h, ctypes.byref(ms)))
    return ms.value


def get_current_stream():
    s = current_stream()
    return s if s is not None else _null_stream()


_null = {}  # device -> its Stream.null


def _null_stream():
    """The current device's default stream."""
    dev = current_device()
    s = _null.get(dev)
    if s is None:
        s = _null[dev] = Stream("null")
    return s


class MemoryPool:
    """The memory pool of the current device (each device has its own, shared
    by the process): stream-ordered, caching, as CuPy's MemoryPool."""

    def _ctx(self):
        return get_context("cuda")

    def _usage(self):
        used, cached = ctypes.c_uint64(), ctypes.c_uint64()
        check(C.lib.arrayc_context_pool_usage(self._ctx()._h, ctypes.byref(used),
                                              ctypes.byref(cached)))
        return used.value, cached.value

    def used_bytes(self):
        return self._usage()[0]

    def total_bytes(self):
        used, cached = self._usage()
        return used + cached

    def free_bytes(self):
        return self._usage()[1]

    def free_all_blocks(self):
        check(C.lib.arrayc_context_pool_trim(self._ctx()._h))

    def set_limit(self, size=None):
        """Caps the pool at `size` bytes (None or 0: no cap)."""
        check(C.lib.arrayc_context_pool_set_limit(self._ctx()._h, int(size or 0)))


_pool = MemoryPool()


def get_default_memory_pool():
    return _pool
