"""DLPack, both ways: the export of arrayc.ndarray (`__dlpack__`):
torch.from_dlpack(a), cupy.from_dlpack(a), numpy.from_dlpack(a) read it
without a copy, the capsule keeping the array alive until the consumer's
deleter call; and the import of another library's tensor (JAX, ...), which
_core turns into a view. The structures only: nothing here imports _core."""
import ctypes

import numpy as np


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


_Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                            ("deleter", _Deleter)]

KDL_CPU, KDL_CUDA = 1, 2
_KIND = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}  # kDLBool, Int, UInt, Float, Complex

# Exported tensors still referenced by a consumer: address -> (struct, shape, strides, owner).
_live = {}


@_Deleter
def _delete(managed):
    _live.pop(ctypes.addressof(managed.contents), None)


# The destructor gets the dying capsule as a raw pointer: a py_object would
# take a reference to an object being deallocated.
_PyCapsule_Destructor = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_new_capsule = ctypes.pythonapi["PyCapsule_New"]
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, _PyCapsule_Destructor]
_is_valid = ctypes.pythonapi["PyCapsule_IsValid"]
_is_valid.restype = ctypes.c_int
_is_valid.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_get_pointer = ctypes.pythonapi["PyCapsule_GetPointer"]
_get_pointer.restype = ctypes.c_void_p
_get_pointer.argtypes = [ctypes.c_void_p, ctypes.c_char_p]


@_PyCapsule_Destructor
def _capsule_destructor(capsule):
    # Not consumed (still named "dltensor"): the producer deletes.
    if _is_valid(capsule, b"dltensor"):
        ptr = _get_pointer(capsule, b"dltensor")
        _live.pop(ptr, None)


def export(array):
    """A "dltensor" PyCapsule viewing `array` (an arrayc.ndarray)."""
    dt = array.dtype
    m = DLManagedTensor()
    t = m.dl_tensor
    t.data = array.data_ptr or None
    dev = array._raw.device  # -1: host memory
    t.device = DLDevice(KDL_CPU if dev < 0 else KDL_CUDA, max(dev, 0))
    t.ndim = array.ndim
    t.dtype = DLDataType(_KIND[dt.kind], dt.itemsize * 8, 1)
    shape = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
    es = dt.itemsize
    strides = (ctypes.c_int64 * max(array.ndim, 1))(*[s // es for s in array.strides])
    t.shape = shape
    t.strides = strides
    t.byte_offset = 0
    m.manager_ctx = None
    m.deleter = _delete
    addr = ctypes.addressof(m)
    _live[addr] = (m, shape, strides, array)
    return _new_capsule(addr, b"dltensor", _capsule_destructor)


_FROM_KIND = {6: "b", 0: "i", 1: "u", 2: "f", 5: "c"}


def import_tensor(obj):
    """(DLTensor, capsule) of an object offered through DLPack, or None when its
    __dlpack__() gives no tensor. The capsule owns the producer's tensor: keep
    it alive while the DLTensor is read."""
    try:
        capsule = obj.__dlpack__(stream=None)
    except TypeError:
        capsule = obj.__dlpack__()
    ptr = _get_capsule_pointer(capsule, b"dltensor")
    if not ptr:
        return None
    return DLManagedTensor.from_address(ptr).dl_tensor, capsule


def numpy_dtype(dl_dtype):
    """The NumPy dtype of a DLDataType; None for one NumPy lacks."""
    if dl_dtype.lanes != 1 or dl_dtype.code not in _FROM_KIND:
        return None
    return np.dtype("%s%d" % (_FROM_KIND[dl_dtype.code], dl_dtype.bits // 8))


# A function object of its own (item access): pythonapi.X is shared, and the
# destructor's _get_pointer takes a raw pointer, not an object.
_get_capsule_pointer = ctypes.pythonapi["PyCapsule_GetPointer"]
_get_capsule_pointer.restype = ctypes.c_void_p
_get_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def device_of(array):
    dev = array._raw.device
    return (KDL_CPU, 0) if dev < 0 else (KDL_CUDA, dev)


__all__ = ["export", "device_of", "import_tensor", "numpy_dtype"]
