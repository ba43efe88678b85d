"""ctypes bindings of libarrayc's C API (include/arrayc/arrayc.h).

libarrayc.so is found, in order, at $ARRAYC_LIBRARY (a file), in
$ARRAYC_PREFIX/lib, beside the build tree this package was installed from
(<source>/build/lib, recorded at install time in _paths.py), and by the loader
(ldconfig / LD_LIBRARY_PATH).
"""
import ctypes
import ctypes.util
import os

MAX_RANK = 16

# The status codes of arrayc.h (arrayc_rt/status.def; test/python/tables.test
# checks them): the API returns OK .. ERR_RUNTIME, the rest are the runtime's.
(OK, ERR_COMPILE, ERR_NOT_FOUND, ERR_ARGUMENT, ERR_DEVICE, ERR_INVALID, ERR_NOMEM,
 ERR_RUNTIME, ERR_IO, ERR_FORMAT, ERR_DTYPE, ERR_SHAPE, ERR_ASSERT) = range(13)
TARGET_AUTO, TARGET_CPU, TARGET_CUDA = range(3)
EVENT_BLOCKING_SYNC, EVENT_DISABLE_TIMING = 1, 2  # arrayc.h's ARRAYC_EVENT_*


class ContextOptions(ctypes.Structure):
    _fields_ = [("target", ctypes.c_int32), ("device", ctypes.c_int32),
                ("stream", ctypes.c_void_p), ("cache", ctypes.c_int32),
                ("cache_dir", ctypes.c_char_p), ("verbose", ctypes.c_int32),
                ("own_stream", ctypes.c_int32), ("pool_limit", ctypes.c_uint64)]


class CompileOptions(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("gpu_arch", ctypes.c_char_p),
                ("opt_level", ctypes.c_int32), ("fusion", ctypes.c_int32),
                ("blas", ctypes.c_int32), ("tf32", ctypes.c_int32),
                ("graphs", ctypes.c_int32), ("precision", ctypes.c_char_p),
                ("gpu_format", ctypes.c_char_p), ("mesh", ctypes.c_char_p),
                ("shard", ctypes.c_char_p)]


class ValueInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("dtype", ctypes.c_int32), ("rank", ctypes.c_int32),
                ("dims", ctypes.c_int64 * MAX_RANK),
                ("dim_names", ctypes.c_char_p * MAX_RANK), ("written", ctypes.c_int32)]


class Array(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("dtype", ctypes.c_int32), ("rank", ctypes.c_int32),
                ("shape", ctypes.c_int64 * MAX_RANK), ("strides", ctypes.c_int64 * MAX_RANK),
                ("device", ctypes.c_int32), ("owner", ctypes.c_void_p)]


def _candidates():
    env = os.environ.get("ARRAYC_LIBRARY")
    if env:
        yield env
    prefix = os.environ.get("ARRAYC_PREFIX")
    if prefix:
        yield os.path.join(prefix, "lib", "libarrayc.so")
    try:
        from . import _paths  # written by setup.py at install time
        for d in _paths.LIBRARY_DIRS:
            yield os.path.join(d, "libarrayc.so")
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    # Run from the source tree (python-frontend/arrayc): ../../build/lib.
    yield os.path.join(here, "..", "..", "build", "lib", "libarrayc.so")
    found = ctypes.util.find_library("arrayc")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        if os.path.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("arrayc: cannot find libarrayc.so; build arrayc, or set ARRAYC_LIBRARY "
                      "to the file or ARRAYC_PREFIX to the install prefix. Tried: " +
                      "; ".join(tried))


lib = _load()

_P = ctypes.POINTER
_c = ctypes.c_void_p
for name, res, args in [
    ("arrayc_version", ctypes.c_char_p, []),
    ("arrayc_last_error", ctypes.c_char_p, []),
    ("arrayc_context_options_init", None, [_P(ContextOptions)]),
    ("arrayc_compile_options_init", None, [_P(CompileOptions)]),
    ("arrayc_context_create", ctypes.c_int, [_P(ContextOptions), _P(_c)]),
    ("arrayc_context_release", None, [_c]),
    ("arrayc_context_target", ctypes.c_int, [_c]),
    ("arrayc_context_stream", _c, [_c]),
    ("arrayc_context_device", ctypes.c_int32, [_c]),
    ("arrayc_cuda_device_count", ctypes.c_int32, []),
    ("arrayc_context_pool_usage", ctypes.c_int, [_c, _P(ctypes.c_uint64), _P(ctypes.c_uint64)]),
    ("arrayc_context_pool_trim", ctypes.c_int, [_c]),
    ("arrayc_context_synchronize", ctypes.c_int, [_c]),
    ("arrayc_context_pool_set_limit", ctypes.c_int, [_c, ctypes.c_uint64]),
    ("arrayc_stream_create", ctypes.c_int, [_c, _P(_c)]),
    ("arrayc_stream_destroy", ctypes.c_int, [_c, _c]),
    ("arrayc_stream_synchronize", ctypes.c_int, [_c, _c]),
    ("arrayc_call_on", ctypes.c_int, [_c, _c, _P(Array), ctypes.c_int32, _P(Array), ctypes.c_int32]),
    ("arrayc_compile", ctypes.c_int, [_c, ctypes.c_char_p, ctypes.c_size_t, _P(CompileOptions),
                                      _P(_c)]),
    ("arrayc_module_release", None, [_c]),
    ("arrayc_module_num_functions", ctypes.c_int32, [_c]),
    ("arrayc_module_function", _c, [_c, ctypes.c_int32]),
    ("arrayc_module_lookup", ctypes.c_int, [_c, ctypes.c_char_p, _P(_c)]),
    ("arrayc_function_name", ctypes.c_char_p, [_c]),
    ("arrayc_function_num_params", ctypes.c_int32, [_c]),
    ("arrayc_function_num_results", ctypes.c_int32, [_c]),
    ("arrayc_function_param", ctypes.c_int, [_c, ctypes.c_int32, _P(ValueInfo)]),
    ("arrayc_function_result", ctypes.c_int, [_c, ctypes.c_int32, _P(ValueInfo)]),
    ("arrayc_array_release", None, [_P(Array)]),
    ("arrayc_array_to_host", ctypes.c_int, [_c, _P(Array), _P(Array)]),
    ("arrayc_array_to_device", ctypes.c_int, [_c, _P(Array), _P(Array)]),
    ("arrayc_call", ctypes.c_int, [_c, _P(Array), ctypes.c_int32, _P(Array), ctypes.c_int32]),
    ("arrayc_stream_handle", ctypes.c_int, [_c, _c, _P(ctypes.c_size_t)]),
    ("arrayc_event_create", ctypes.c_int, [_c, ctypes.c_uint32, _P(_c)]),
    ("arrayc_event_destroy", ctypes.c_int, [_c]),
    ("arrayc_event_record", ctypes.c_int, [_c, _c]),
    ("arrayc_event_synchronize", ctypes.c_int, [_c]),
    ("arrayc_event_query", ctypes.c_int, [_c, _P(ctypes.c_int32)]),
    ("arrayc_event_elapsed_ms", ctypes.c_int, [_c, _c, _P(ctypes.c_float)]),
    ("arrayc_stream_wait_event", ctypes.c_int, [_c, _c]),
    ("arrayc_range_push", None, [ctypes.c_char_p]),
    ("arrayc_range_pop", None, []),
    ("arrayc_nvtx_available", ctypes.c_int32, []),
]:
    f = getattr(lib, name)
    f.restype = res
    f.argtypes = args


def last_error():
    return lib.arrayc_last_error().decode("utf-8", "replace")
