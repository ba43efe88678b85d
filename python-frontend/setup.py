"""Installs the arrayc Python package from the source tree, offline
(`pip install ./python-frontend`; nothing is downloaded at build time). Records
where libarrayc.so was built, so the installed package finds it: the build tree
beside this folder (../build/lib), or $ARRAYC_PREFIX/lib at install time."""
import os

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


class BuildPy(build_py):
    def run(self):
        super().run()
        dirs = []
        if os.environ.get("ARRAYC_PREFIX"):
            dirs.append(os.path.join(os.environ["ARRAYC_PREFIX"], "lib"))
        dirs.append(os.path.normpath(os.path.join(HERE, "..", "build", "lib")))
        target = os.path.join(self.build_lib, "arrayc", "_paths.py")
        with open(target, "w") as f:
            f.write("# Written at install time by setup.py.\nLIBRARY_DIRS = %r\n" % dirs)


# The C call path (arrayc/_fast.c, CPython's limited API 3.11+): optional; without a
# compiler or Python's headers the package uses its ctypes path.
include = [d for d in (os.path.join(HERE, "..", "include"),
                       os.path.join(os.environ.get("ARRAYC_PREFIX", ""), "include"))
           if os.path.exists(os.path.join(d, "arrayc", "arrayc.h"))]
fast = Extension("arrayc._fast", ["arrayc/_fast.c"], include_dirs=include[:1],
                 define_macros=[("Py_LIMITED_API", "0x030B0000")], py_limited_api=True,
                 optional=True)
setup(cmdclass={"build_py": BuildPy}, ext_modules=[fast] if include else [])
