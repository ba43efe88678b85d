"""arrayc: NumPy-style array functions compiled for NVIDIA GPUs and CPUs.

    import arrayc, numpy as np

    @arrayc.jit
    def sqdiff(x, y):
        return (x - y) * (x - y)

    d = sqdiff(np.ones(10, np.float32), np.zeros(10, np.float32))   # arrayc.ndarray
    arrayc.asnumpy(d)

See docs/python.md.
"""
from . import _capi, cuda, profiler
from ._core import (ArgumentError, ArraycError, CompileError, Context, DeviceError,
                    DeviceMismatchError, OutOfMemoryError, ProgramError, asarray,
                    asnumpy, get_context, ndarray)
from ._jit import JitFunction, Module, compile, jit
from ._vectorize import Vectorize, vectorize
from ._reduction import Reduction, reduction
from .cuda import get_default_memory_pool
from ._config import show_config

__version__ = _capi.lib.arrayc_version().decode()

__all__ = ["jit", "JitFunction", "vectorize", "Vectorize", "reduction", "Reduction", "compile", "Module", "ndarray", "asarray", "asnumpy",
           "ArraycError",
           "CompileError", "ArgumentError", "DeviceError", "DeviceMismatchError", "OutOfMemoryError",
           "ProgramError",
           "Context", "get_context", "cuda", "profiler",
           "get_default_memory_pool"]
