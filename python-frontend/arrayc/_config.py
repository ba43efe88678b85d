"""arrayc.show_config(): what this arrayc is and what it found, as numpy.show_config()."""
import ctypes
import importlib.util
import os
import re
import shutil
import subprocess
import sys

from . import _capi

__all__ = ["show_config"]


def _loaded_path(fragment):
    """The file of a loaded shared object whose name contains `fragment`."""
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) == 6 and fragment in os.path.basename(parts[5].strip()):
                    return parts[5].strip()
    except OSError:
        pass
    return None


def _library_path():
    path = _loaded_path("libarrayc.so")
    if path:
        return path
    name = getattr(_capi.lib, "_name", None)
    return os.path.realpath(name) if name and os.path.sep in name else name


def _runtime_dir(library):
    # As lib/Compiler/Toolchain.cpp: ARRAYC_RUNTIME_DIR, else beside libarrayc.so.
    env = os.environ.get("ARRAYC_RUNTIME_DIR")
    if env:
        return env, "ARRAYC_RUNTIME_DIR"
    if library and os.path.sep in library:
        return os.path.dirname(library), "beside libarrayc.so"
    return None, "unknown"


def _dependencies(runtime):
    """{soname: resolved path or None} of the runtime library, from ldd."""
    ldd = shutil.which("ldd")
    if not ldd or not runtime or not os.path.exists(runtime):
        return {}
    try:
        out = subprocess.run([ldd, runtime], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    deps = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+) => (not found|(\S+))", line)
        if m:
            deps[m.group(1)] = m.group(3)
    return deps


def _find(deps, prefix):
    for name, path in deps.items():
        if name.startswith(prefix):
            return {"name": name, "found": path is not None, "path": path}
    return {"name": prefix + "*", "found": False, "path": None}


def _openblas_info(path):
    if not path:
        return {}
    try:
        lib = ctypes.CDLL(path)
        lib.openblas_get_config.restype = ctypes.c_char_p
        info = {"config": lib.openblas_get_config().decode().strip()}
        if hasattr(lib, "openblas_get_num_threads"):
            info["threads"] = lib.openblas_get_num_threads()
        return info
    except (OSError, AttributeError):
        return {}


def _cuda_driver():
    """The NVIDIA driver as libarrayc sees it: loadable, and how many devices."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        return {"found": False, "error": str(e)}
    info = {"found": True, "path": _loaded_path("libcuda.so")}
    version = ctypes.c_int(0)
    if cuda.cuDriverGetVersion(ctypes.byref(version)) == 0:
        info["version"] = "%d.%d" % (version.value // 1000, version.value % 1000 // 10)
    rc = cuda.cuInit(0)
    count = ctypes.c_int(0)
    if rc == 0 and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0:
        info["devices"] = count.value
    else:
        info["devices"] = 0
        info["error"] = "cuInit failed (%d)" % rc
    return info


def _cache():
    # As lib/Compiler/Cache.cpp.
    enabled = os.environ.get("ARRAYC_CACHE") != "0"
    if os.environ.get("ARRAYC_CACHE_DIR"):
        return {"dir": os.environ["ARRAYC_CACHE_DIR"], "from": "ARRAYC_CACHE_DIR",
                "enabled": enabled}
    if os.environ.get("XDG_CACHE_HOME"):
        return {"dir": os.path.join(os.environ["XDG_CACHE_HOME"], "arrayc"),
                "from": "XDG_CACHE_HOME", "enabled": enabled}
    if os.environ.get("HOME"):
        return {"dir": os.path.join(os.environ["HOME"], ".cache", "arrayc"), "from": "HOME",
                "enabled": enabled}
    return {"dir": None, "from": "none (set ARRAYC_CACHE_DIR or HOME)", "enabled": False}


def _config():
    try:
        from . import _paths
        package_version = _paths.VERSION
        search = {"prefix_at_build": _paths.PREFIX, "library_dirs": list(_paths.LIBRARY_DIRS)}
    except (ImportError, AttributeError):
        package_version = None
        search = {"prefix_at_build": None, "library_dirs": []}
    library_version = _capi.lib.arrayc_version().decode()
    library = _library_path()
    rt_dir, rt_from = _runtime_dir(library)
    runtime = os.path.join(rt_dir, "libarrayc_runtime.so") if rt_dir else None
    runtime_cuda = os.path.join(rt_dir, "libarrayc_runtime_cuda.so") if rt_dir else None
    deps = _dependencies(runtime)
    openblas = _find(deps, "libopenblas")
    openblas.update(_openblas_info(openblas["path"]))
    has_cuda = bool(runtime_cuda and os.path.exists(runtime_cuda))
    targets = ["cpu"] + (["cuda"] if has_cuda else [])
    try:
        import numpy
        numpy_version = numpy.__version__
    except ImportError:
        numpy_version = None
    return {
        "arrayc": {
            "version": library_version,
            "python_package_version": package_version or "(run from the source tree)",
            "versions_agree": package_version in (None, library_version),
            "library": library,
            "package_dir": os.path.dirname(os.path.abspath(__file__)),
            "c_call_path": importlib.util.find_spec("arrayc._fast") is not None,
            # Where _capi.py looks after ARRAYC_LIBRARY and ARRAYC_PREFIX (_paths.py).
            "search": search,
        },
        "runtime": {
            "dir": rt_dir,
            "found_by": rt_from,
            "library": runtime if runtime and os.path.exists(runtime) else None,
            "cuda_library": runtime_cuda if has_cuda else None,
        },
        "targets": {
            "built": targets,
            "cuda_driver": _cuda_driver() if has_cuda else {"found": False,
                                                             "error": "no cuda target"},
        },
        "libraries": {
            "OpenBLAS": openblas,
            "LAPACKE": _find(deps, "liblapacke"),
            "FFTW (f64)": _find(deps, "libfftw3."),
            "FFTW (f32)": _find(deps, "libfftw3f"),
            "OpenMP (libomp)": _find(deps, "libomp"),
        },
        "cache": _cache(),
        "python": {"executable": sys.executable, "version": sys.version.split()[0],
                   "numpy": numpy_version},
        "environment": {k: v for k, v in sorted(os.environ.items()) if k.startswith("ARRAYC_")},
    }


def _print(config, indent=0, out=None):
    out = out or sys.stdout
    for key, value in config.items():
        if isinstance(value, dict):
            print("%s%s:" % ("  " * indent, key), file=out)
            _print(value, indent + 1, out)
        else:
            if isinstance(value, list):
                value = ", ".join(str(v) for v in value) if value else "(none)"
            print("%s%s: %s" % ("  " * indent, key, value), file=out)


def show_config(mode="stdout"):
    """Print (mode="stdout") or return (mode="dicts") what this arrayc is: its version
    (libarrayc's and the Python package's), the libarrayc.so loaded, the runtime
    libraries and targets built (cpu, cuda) and whether the NVIDIA driver sees a GPU,
    the OpenBLAS/LAPACKE/FFTW/libomp the runtime resolves to, the compile cache and
    the ARRAYC_* variables set. As numpy.show_config()."""
    if mode not in ("stdout", "dicts"):
        raise ValueError("arrayc.show_config: mode is 'stdout' or 'dicts', not %r" % (mode,))
    config = _config()
    if mode == "dicts":
        return config
    _print(config)
    return None
