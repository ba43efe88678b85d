"""Builds the arrayc Python package (a wheel or an install) from the source tree,
offline: `pip wheel --no-build-isolation ./python-frontend`, `pip install
./python-frontend`; nothing is downloaded at build time.

The version is arrayc's one version number, project(arrayc VERSION ...) in the
top-level CMakeLists.txt (or, where the package is built away from the source
tree, the installed CMake package's arraycConfigVersion.cmake under
$ARRAYC_PREFIX).

The package finds libarrayc.so (arrayc/_capi.py) through ARRAYC_LIBRARY,
ARRAYC_PREFIX, then arrayc/_paths.py written here: $ARRAYC_PREFIX/lib of build
time (a wheel for a Debian-installed arrayc: ARRAYC_PREFIX=/usr), the lib/ beside
the `arrayc` found on PATH at import time (any install prefix, moved or not), and,
when no ARRAYC_PREFIX was given, the build tree beside this folder (../build/lib)."""
import os
import re
import sys

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
PREFIX = os.environ.get("ARRAYC_PREFIX") or None


def _version():
    tried = []
    top = os.path.join(HERE, "..", "CMakeLists.txt")
    tried.append(top)
    if os.path.exists(top):
        with open(top) as f:
            m = re.search(r"^project\(arrayc VERSION ([0-9]+\.[0-9]+\.[0-9]+)", f.read(), re.M)
        if m:
            return m.group(1)
    if PREFIX:
        for rel in (("lib", "cmake", "arrayc"), ()):  # an install prefix, or a build tree
            path = os.path.join(PREFIX, *rel, "arraycConfigVersion.cmake")
            tried.append(path)
            if os.path.exists(path):
                with open(path) as f:
                    m = re.search(r'set\(PACKAGE_VERSION "([^"]+)"\)', f.read())
                if m:
                    return m.group(1)
    pkg_info = os.path.join(HERE, "PKG-INFO")  # an sdist
    tried.append(pkg_info)
    if os.path.exists(pkg_info):
        with open(pkg_info) as f:
            m = re.search(r"^Version: (\S+)", f.read(), re.M)
        if m:
            return m.group(1)
    raise SystemExit("arrayc setup.py: cannot find arrayc's version; build from the source "
                     "tree, or set ARRAYC_PREFIX to an arrayc install. Tried: " + ", ".join(tried))


VERSION = _version()

_PATHS = '''# Written by arrayc's setup.py at build time: where arrayc/_capi.py looks for
# libarrayc.so after ARRAYC_LIBRARY and ARRAYC_PREFIX.
import os as _os
import shutil as _shutil

VERSION = %(version)r   # the version this package was built as (arrayc's)
PREFIX = %(prefix)r     # ARRAYC_PREFIX at build time
BUILD_DIRS = %(build_dirs)r


def _library_dirs():
    dirs = []
    if PREFIX:
        dirs.append(_os.path.join(PREFIX, "lib"))
    # The install prefix of the arrayc on PATH (bin/arrayc -> lib/).
    exe = _shutil.which("arrayc")
    if exe:
        dirs.append(_os.path.normpath(_os.path.join(_os.path.dirname(_os.path.realpath(exe)),
                                                    "..", "lib")))
    dirs.extend(BUILD_DIRS)
    return [d for i, d in enumerate(dirs) if d not in dirs[:i]]


LIBRARY_DIRS = _library_dirs()
'''


class BuildPy(build_py):
    def run(self):
        super().run()
        # The build tree beside this folder, for `pip install ./python-frontend` in a
        # checkout; never recorded in a package built for an install prefix.
        build_dirs = [] if PREFIX else [os.path.normpath(os.path.join(HERE, "..", "build", "lib"))]
        target = os.path.join(self.build_lib, "arrayc", "_paths.py")
        with open(target, "w") as f:
            f.write(_PATHS % {"version": VERSION, "prefix": PREFIX, "build_dirs": build_dirs})


# The C call path (arrayc/_fast.c, CPython's limited API 3.11+): optional; without a
# compiler or Python's headers the package uses its ctypes path.
include = [d for d in (os.path.join(HERE, "..", "include"),
                       os.path.join(PREFIX or "", "include"))
           if os.path.exists(os.path.join(d, "arrayc", "arrayc.h"))]
fast = Extension("arrayc._fast", ["arrayc/_fast.c"], include_dirs=include[:1],
                 define_macros=[("Py_LIMITED_API", "0x030B0000")], py_limited_api=True,
                 optional=True)
# With the extension (CPython 3.11+) the wheel is tagged for the limited API
# (cp311-abi3: any CPython from 3.11); without it, a pure-Python wheel.
abi3 = bool(include) and sys.version_info >= (3, 11)
setup(version=VERSION, cmdclass={"build_py": BuildPy}, ext_modules=[fast] if include else [],
      options={"bdist_wheel": {"py_limited_api": "cp311"}} if abi3 else {})
