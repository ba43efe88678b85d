"""Contexts, arrays and errors: the Python side of libarrayc's C API."""
import ctypes
import os
import threading

import numpy as np

from . import _capi as C
from . import _dlpack
from ._dtypes import DTYPES, NOT_IN_NUMPY

try:  # the C call path (built by setup.py when a compiler and Python's headers exist)
    if os.environ.get("ARRAYC_PYTHON_NO_EXTENSION") == "1":
        raise ImportError("disabled")
    from . import _fast
except ImportError:
    _fast = None

# arrayc dtype codes <-> NumPy dtypes and the language's names.
DTYPE_NAMES = [n for n, _, _ in DTYPES]
_NUMPY = [None if numpy in NOT_IN_NUMPY else np.dtype(numpy) for _, numpy, _ in DTYPES]
_CODE_OF = {t: code for code, t in enumerate(_NUMPY) if t is not None}


def dtype_code(dtype):
    """The arrayc code of a NumPy dtype (or anything np.dtype accepts)."""
    try:
        return _CODE_OF[np.dtype(dtype)]
    except (KeyError, TypeError):
        raise ArgumentError("arrayc: no arrayc dtype for %r" % (dtype,)) from None


def numpy_dtype(code):
    t = _NUMPY[code]
    if t is None:
        raise TypeError("arrayc: %s has no NumPy dtype" % DTYPE_NAMES[code])
    return t


class ArraycError(Exception):
    """An error from arrayc; `code` is the C API's status."""

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code


class CompileError(ArraycError):
    """The source did not compile: the message is the compiler's diagnostic
    (file:line:col: error: ..., the line and a caret)."""


class ArgumentError(ArraycError, TypeError):
    """A call's arguments do not fit the compiled signature."""


class DeviceError(ArraycError, RuntimeError):
    """No usable GPU, or a CUDA failure."""


class DeviceMismatchError(DeviceError, ValueError):
    """An array on another device than the current one (CuPy raises ValueError:
    "The device where the array resides (1) is different from the current
    device (0)"); arrayc never uses peer access: copy the array."""


class OutOfMemoryError(ArraycError, MemoryError):
    """Out of memory: the GPU's, or the memory pool's limit (set_limit). The
    call's allocations are returned to the pool; the next call can succeed."""


class ProgramError(ArraycError, RuntimeError):
    """The compiled code failed while running: a failed `assert` (the message
    is the assert's, at its source line), a linalg error."""


_ERRORS = {C.ERR_COMPILE: CompileError, C.ERR_ARGUMENT: ArgumentError,
           C.ERR_DEVICE: DeviceError, C.ERR_NOMEM: OutOfMemoryError,
           C.ERR_RUNTIME: ProgramError}


# The C API's words for an operand on another device (lib/API/CAPI.cpp, the
# runtime's entry check): ARRAYC_ERR_DEVICE raised as DeviceMismatchError.
_OTHER_DEVICE = "the device where the array resides ("


def error_for(status, message):
    """The exception of a C API status and its message."""
    if status == C.ERR_DEVICE and _OTHER_DEVICE in message:
        return DeviceMismatchError(message, status)
    return _ERRORS.get(status, ArraycError)(message, status)


def check(status):
    if status != C.OK:
        raise error_for(status, C.last_error())


class Context:
    """A libarrayc context: target, device, cache (see docs/embedding.md)."""

    def __init__(self, target="auto", device=0, own_stream=False):
        opts = C.ContextOptions()
        C.lib.arrayc_context_options_init(ctypes.byref(opts))
        opts.target = {"auto": C.TARGET_AUTO, "cpu": C.TARGET_CPU,
                       "cuda": C.TARGET_CUDA}[target]
        opts.device = device
        opts.own_stream = int(own_stream)
        handle = ctypes.c_void_p()
        check(C.lib.arrayc_context_create(ctypes.byref(opts), ctypes.byref(handle)))
        self._h = handle
        self.device = device
        self.target = "cuda" if C.lib.arrayc_context_target(handle) == C.TARGET_CUDA else "cpu"

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h and C is not None and C.lib is not None:
            C.lib.arrayc_context_release(h)

    def synchronize(self):
        check(C.lib.arrayc_context_synchronize(self._h))


def stream_handle(ctx, ptr):
    """The CUstream (an int) of an arrayc stream `ptr` (None: ctx's stream)."""
    if ptr is None:
        cached = getattr(ctx, "_stream_handle", None)
        if cached is not None:
            return cached
    out = ctypes.c_size_t()
    check(C.lib.arrayc_stream_handle(ctx._h, ctypes.c_void_p(ptr), ctypes.byref(out)))
    if ptr is None:
        ctx._stream_handle = out.value  # the context's stream is fixed for its life
    return out.value


_contexts = {}
_contexts_lock = threading.Lock()
class _Local(threading.local):
    """The calling thread's device and streams (arrayc.cuda.Device / Stream)."""
    device = 0  # a class default: reading it costs no AttributeError

    def __init__(self):
        self.streams = []


_local = _Local()


def current_device():
    return _local.device


class CUDARuntimeError(DeviceError):
    """A CUDA error, as cupy.cuda.runtime.CUDARuntimeError: `status` is the
    CUDA error code (cudaError_t), the message starts with its name."""

    def __init__(self, status, message):
        super().__init__(message, C.ERR_DEVICE)
        self.status = status


cudaErrorNoDevice = 100       # cudaError_t values CuPy reports for devices
cudaErrorInvalidDevice = 101
_device_count = None


def cuda_device_count():
    """The CUDA devices (0 without CUDA, a driver or a GPU); read once."""
    global _device_count
    if _device_count is None:
        _device_count = int(C.lib.arrayc_cuda_device_count())
    return _device_count


def check_device(device):
    """CUDARuntimeError (cudaErrorInvalidDevice) unless `device` can be the
    current device: 0 .. count-1. Device 0 is always accepted: it is also the
    cpu target's (a machine without a GPU runs everything on the cpu)."""
    n = cuda_device_count()
    if not 0 <= device < max(n, 1):
        raise CUDARuntimeError(
            cudaErrorInvalidDevice,
            "cudaErrorInvalidDevice: invalid device ordinal (device %d; %d CUDA device%s)" %
            (device, n, "" if n == 1 else "s"))


class Device:
    """A CUDA device, as cupy.cuda.Device: `Device(1).use()` makes GPU 1 the
    calling thread's current device, `with Device(1):` for a block (the
    previous one comes back after it). Compiled calls, new arrays, streams,
    events and the memory pool are the current device's; `Device()` is the
    current one. A device that does not exist raises CUDARuntimeError
    (cudaErrorInvalidDevice) on use, as CuPy's; making one does not."""

    __slots__ = ("id", "_saved")

    def __init__(self, device=None):
        if device is None:
            device = current_device()
        elif isinstance(device, Device):
            device = device.id
        self.id = int(device)
        self._saved = []

    def __enter__(self):
        check_device(self.id)
        self._saved.append(current_device())
        _local.device = self.id
        return self

    def __exit__(self, *exc):
        _local.device = self._saved.pop()

    def use(self):
        check_device(self.id)
        _local.device = self.id

    def synchronize(self):
        """Waits for the work queued on this device (its default stream)."""
        check_device(self.id)
        get_context("cuda", self.id).synchronize()

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self):
        return hash((Device, self.id))

    def __repr__(self):
        return "<CUDA Device %d>" % self.id


def current_stream():
    """The calling thread's arrayc.cuda.Stream, or None (the default stream)."""
    stack = _local.streams
    return stack[-1] if stack else None


def get_context(target=None, device=None):
    """The process's context for `target` ("cpu", "cuda"; None: cuda when a
    GPU is usable, else cpu) on `device` (None: the thread's current one),
    made on first use."""
    dev = current_device() if device is None else device
    if target not in (None, "auto", "cpu", "cuda"):
        raise ValueError("arrayc: target must be None, 'cpu' or 'cuda', not %r" % (target,))
    key = (target or "auto", dev)
    ctx = _contexts.get(key)
    if ctx is not None:
        return ctx
    with _contexts_lock:
        ctx = _contexts.get(key)
        if ctx is None:
            ctx = _contexts[key] = Context(key[0], dev)
            _contexts.setdefault((ctx.target, dev), ctx)
        return ctx


class ndarray:
    """An array arrayc allocated (a result, or `asarray`): host memory on the cpu
    target, device memory on cuda. NumPy reads host arrays without a copy
    (`np.asarray`); device arrays expose `__cuda_array_interface__` (CuPy,
    PyTorch, Numba read them without a copy) and `.get()` copies to NumPy."""

    __slots__ = ("_raw", "_ctx", "__weakref__")

    def __init__(self, raw, ctx):
        self._raw = raw  # a C.Array this object owns
        self._ctx = ctx

    def __del__(self):
        raw = getattr(self, "_raw", None)
        if raw is not None and raw.owner and _release is not None:
            _release(raw)

    @property
    def shape(self):
        return tuple(self._raw.shape[i] for i in range(self._raw.rank))

    @property
    def ndim(self):
        return self._raw.rank

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def dtype(self):
        return numpy_dtype(self._raw.dtype)

    @property
    def strides(self):
        es = self.dtype.itemsize
        return tuple(self._raw.strides[i] * es for i in range(self._raw.rank))

    @property
    def device(self):
        """The arrayc.cuda.Device holding the data (as CuPy's ndarray.device),
        or None for host memory."""
        return None if self._raw.device < 0 else Device(self._raw.device)

    @property
    def data_ptr(self):
        return self._raw.data or 0

    def _interface(self):
        return {"shape": self.shape, "typestr": self.dtype.str, "version": 3,
                "strides": self.strides if self.ndim else None,
                "data": (self.data_ptr, False)}

    @property
    def __array_interface__(self):
        if self.device is not None:
            raise AttributeError("a device array: use .get() for a NumPy copy")
        return self._interface()

    def _stream_handle(self):
        """The CUstream (an int) of the current stream (arrayc.cuda.Stream, or
        the context's), where arrayc queues work on this array, as CuPy
        reports its current stream."""
        s = current_stream()
        return stream_handle(self._ctx, s.ptr if s is not None else None)

    @property
    def __cuda_array_interface__(self):
        if self.device is None:
            raise AttributeError("a host array has no __cuda_array_interface__")
        d = self._interface()
        # CAI v3: the stream a consumer orders its work after (an int handle;
        # arrayc's default stream is a blocking stream of its own, not 1).
        d["stream"] = self._stream_handle()
        return d

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        if copy:
            raise BufferError("arrayc: __dlpack__(copy=True) is not supported")
        if self.device is not None and stream != -1:
            self._order_consumer(stream)
        return _dlpack.export(self)

    def _order_consumer(self, stream):
        """DLPack: the consumer's stream (an int CUstream; None or 0: the legacy
        default stream, 1; 2: the per-thread default stream) waits on an event
        recorded on the current stream, where this array's work is queued;
        the host does not wait."""
        if stream is not None and not isinstance(stream, int):
            raise TypeError("arrayc: __dlpack__(stream=) takes an int CUDA stream handle")
        consumer = 1 if stream in (None, 0) else stream
        producer = self._stream_handle()
        if consumer == producer:
            return  # one stream: already in order
        ev = ctypes.c_void_p()
        check(C.lib.arrayc_event_create(self._ctx._h, C.EVENT_DISABLE_TIMING, ctypes.byref(ev)))
        try:
            s = current_stream()
            check(C.lib.arrayc_event_record(ev, s.ptr if s is not None else None))
            check(C.lib.arrayc_stream_wait_event(consumer, ev))
        finally:
            C.lib.arrayc_event_destroy(ev)  # the driver keeps it until the wait is done

    def __dlpack_device__(self):
        return _dlpack.device_of(self)

    def get(self):
        """A NumPy copy (waits for the device)."""
        if self.device is None:
            return np.array(self, copy=True)
        host = C.Array()
        check(C.lib.arrayc_array_to_host(self._ctx._h, ctypes.byref(self._raw),
                                         ctypes.byref(host)))
        try:
            out = np.empty(self.shape, dtype=self.dtype)
            if out.nbytes:
                ctypes.memmove(out.ctypes.data, host.data, out.nbytes)
        finally:
            C.lib.arrayc_array_release(ctypes.byref(host))
        return out

    def __array__(self, dtype=None, copy=None):
        if self.device is not None:
            # As CuPy: a device-to-host copy is never implicit.
            raise TypeError("Implicit conversion to a NumPy array is not allowed. "
                            "Please use `.get()` to construct a NumPy array explicitly.")
        a = np.asarray(_HostView(self))
        if copy:
            a = a.copy()
        return a.astype(dtype, copy=False) if dtype is not None else a

    def __len__(self):
        if not self.ndim:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __repr__(self):
        where = "cpu" if self._raw.device < 0 else "cuda:%d" % self._raw.device
        return "arrayc.ndarray(%s, dtype=%s, device=%s)" % (self.get(), self.dtype, where)

    def item(self):
        return self.get().item()

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())


def _release_ctypes(raw):
    if C is not None and C.lib is not None:
        C.lib.arrayc_array_release(ctypes.byref(raw))


if _fast is not None:
    _fast.setup(C.Array.from_buffer_copy, ndarray)
    _release = _fast.release
else:
    _release = _release_ctypes


class _HostView:
    """What NumPy sees of a host ndarray: its memory, kept alive by `owner`."""

    def __init__(self, owner):
        self.owner = owner
        self.__array_interface__ = owner._interface()


def asnumpy(a):
    """A NumPy array of `a` (arrayc.ndarray, CuPy/PyTorch arrays, lists...)."""
    if isinstance(a, ndarray):
        return a.get()
    if hasattr(a, "get") and hasattr(a, "__cuda_array_interface__"):
        return a.get()  # CuPy
    if hasattr(a, "cpu") and hasattr(a, "numpy"):
        return a.detach().cpu().numpy()  # PyTorch
    return np.asarray(a)


def asarray(a, target=None):
    """An arrayc.ndarray with `a`'s contents on the target's memory (the GPU's
    when the target is cuda): a copy."""
    if isinstance(a, ndarray) and (target is None or a._ctx.target == target):
        return a
    ctx = get_context(target)
    src, keep = host_array(np.ascontiguousarray(asnumpy(a)))
    out = C.Array()
    fn = C.lib.arrayc_array_to_device if ctx.target == "cuda" else C.lib.arrayc_array_to_host
    check(fn(ctx._h, ctypes.byref(src), ctypes.byref(out)))
    return ndarray(out, ctx)


def view(ptr, dtype, shape, strides, device):
    """A C.Array of memory at `ptr` (dtype: NumPy's; strides in elements, None:
    C order; device -1: host)."""
    if len(shape) > C.MAX_RANK:
        raise ArgumentError("arrayc: rank %d is above %d" % (len(shape), C.MAX_RANK))
    raw = C.Array()
    raw.data = ptr or None
    raw.dtype = dtype_code(dtype)
    raw.rank = len(shape)
    step = 1
    for i in reversed(range(len(shape))):
        raw.shape[i] = shape[i]
        raw.strides[i] = strides[i] if strides is not None else step
        step *= shape[i]
    raw.device = device
    return raw


def host_array(a):
    """A C.Array view of a NumPy array (any strides); returns (view, keepalive)."""
    es = a.itemsize
    if any(s % es for s in a.strides):
        a = np.ascontiguousarray(a)
    return view(a.ctypes.data if a.size else None, a.dtype, a.shape,
                [s // es for s in a.strides], -1), a


_TORCH_DTYPES = {"torch.float32": np.float32, "torch.float64": np.float64,
                 "torch.float16": np.float16, "torch.int32": np.int32, "torch.int64": np.int64,
                 "torch.int16": np.int16, "torch.int8": np.int8, "torch.uint8": np.uint8,
                 "torch.bool": np.bool_, "torch.complex64": np.complex64,
                 "torch.complex128": np.complex128}


def fast_device_view(obj, device):
    """CuPy arrays and PyTorch CUDA tensors read directly (building their
    __cuda_array_interface__ dict costs more than the call); None for others."""
    mod = type(obj).__module__
    if mod.startswith("cupy") and hasattr(obj, "data") and hasattr(obj.data, "ptr"):
        ptr, shape, dt = obj.data.ptr, obj.shape, obj.dtype
        strides = [s // dt.itemsize for s in obj.strides]
        home = getattr(obj.data, "device_id", device)
    elif mod.startswith("torch") and getattr(obj, "is_cuda", False):
        name = str(obj.dtype)
        if name not in _TORCH_DTYPES:
            return None  # bfloat16 ...: the generic path reports it
        dt = np.dtype(_TORCH_DTYPES[name])
        ptr, shape, strides = obj.data_ptr(), tuple(obj.shape), obj.stride()
        home = obj.device.index
    else:
        return None
    # The device it lives on: another than the call's is refused by the call
    # (DeviceMismatchError, CuPy's ValueError).
    return view(ptr, dt, shape, strides, device if home is None else home), obj


def dlpack_device_view(obj, device):
    """(C.Array, keepalive) for a GPU array offered through DLPack only (JAX,
    ...): no copy. The capsule stays alive for the call; its own destructor
    releases the producer's tensor afterwards."""
    imported = _dlpack.import_tensor(obj)
    if imported is None:
        raise ArgumentError("arrayc: %s.__dlpack__() gave no DLPack tensor" % type(obj).__name__)
    t, capsule = imported
    if t.device.device_type != _dlpack.KDL_CUDA:
        raise ArgumentError("arrayc: a DLPack tensor on device (%d, %d), not cuda:%d" %
                            (t.device.device_type, t.device.device_id, device))
    if t.device.device_id != device:
        raise DeviceMismatchError(
            "arrayc: " + _OTHER_DEVICE + "%d) is different from the current device (%d); "
            "peer access is not used: copy the array to the current device" %
            (t.device.device_id, device), C.ERR_DEVICE)
    dt = _dlpack.numpy_dtype(t.dtype)
    if dt is None:
        raise ArgumentError("arrayc: unsupported DLPack dtype (code %d, %d bits)" %
                            (t.dtype.code, t.dtype.bits))
    shape = [t.shape[i] for i in range(t.ndim)]
    strides = [t.strides[i] for i in range(t.ndim)] if t.strides else None
    raw = view((t.data or 0) + t.byte_offset, dt, shape, strides, device)
    return raw, capsule


def cuda_array(obj, device):
    """A C.Array view of an object with __cuda_array_interface__ (CuPy,
    PyTorch CUDA tensors, Numba): no copy."""
    fast = fast_device_view(obj, device)
    if fast is not None:
        return fast
    cai = obj.__cuda_array_interface__
    dt = np.dtype(cai["typestr"])
    strides = cai.get("strides")
    strides = [s // dt.itemsize for s in strides] if strides is not None else None
    return view(cai["data"][0], dt, tuple(cai["shape"]), strides, device), obj
