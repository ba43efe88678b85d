"""Devices, streams and the memory pool, named as CuPy names them
(cupy.cuda.Device, cupy.cuda.Stream, cupy.get_default_memory_pool)."""
import ctypes

from . import _capi as C
from ._core import _local, check, current_device, current_stream, get_context


class Device:
    """`with arrayc.cuda.Device(1):` runs the calls and allocations of the
    block on GPU 1 (this thread only)."""

    def __init__(self, device=None):
        self.id = current_device() if device is None else int(device)

    def __enter__(self):
        self._saved = current_device()
        _local.device = self.id
        return self

    def __exit__(self, *exc):
        _local.device = self._saved

    def use(self):
        _local.device = self.id

    def synchronize(self):
        get_context("cuda", self.id).synchronize()

    def __repr__(self):
        return "<arrayc.cuda.Device %d>" % self.id


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

    def __repr__(self):
        return "<arrayc.cuda.Stream %s>" % (hex(self.ptr) if self.ptr else "null")


def get_current_stream():
    s = current_stream()
    return s if s is not None else _null_stream()


_null = None


def _null_stream():
    global _null
    if _null is None:
        _null = Stream("null")
    return _null


class MemoryPool:
    """The device memory pool of the current device (per process):
    stream-ordered, caching, as CuPy's MemoryPool."""

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
