"""arrayc.cuda.runtime: the few CUDA runtime calls CuPy users reach for
(cupy.cuda.runtime.getDeviceCount, getDevice, setDevice), with CuPy's error
(CUDARuntimeError, named by the CUDA error)."""
from ._core import (CUDARuntimeError, _local, check_device, cuda_device_count,
                    cudaErrorInvalidDevice, cudaErrorNoDevice)

__all__ = ["CUDARuntimeError", "getDeviceCount", "getDevice", "setDevice",
           "cudaErrorInvalidDevice", "cudaErrorNoDevice", "check_device"]


def getDeviceCount():
    """The number of CUDA devices; CUDARuntimeError (cudaErrorNoDevice) when
    there is none, as CuPy."""
    n = cuda_device_count()
    if n == 0:
        raise CUDARuntimeError(cudaErrorNoDevice,
                               "cudaErrorNoDevice: no CUDA-capable device is detected")
    return n


def getDevice():
    """The calling thread's current device."""
    return _local.device


def setDevice(device):
    """Makes `device` the calling thread's current device (as Device(device).use())."""
    device = int(device)
    check_device(device)
    _local.device = device
