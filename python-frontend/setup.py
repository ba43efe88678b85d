"""Installs the arrayc Python package from the source tree, offline
(`pip install ./python-frontend`; nothing is downloaded at build time). Records
where libarrayc.so was built, so the installed package finds it: the build tree
beside this folder (../build/lib), or $ARRAYC_PREFIX/lib at install time."""
import os

from setuptools import setup
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


setup(cmdclass={"build_py": BuildPy})
