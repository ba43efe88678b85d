# -*- Python -*-
import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config

config.name = "arrayc"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".arr", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.arrayc_obj_root, "test")

llvm_config.with_system_environment(["HOME", "TMPDIR", "PATH"])
llvm_config.use_default_substitutions()

# Debian's python3 has NumPy (the default python3 on PATH may not).
python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else shutil.which("python3")
config.substitutions.append(("%python", python))
config.substitutions.append(("%arrayc_src", config.arrayc_src_root))
config.substitutions.append(("%arrayc_bin", config.arrayc_tools_dir))
config.substitutions.append(("%e2e", python + " " + os.path.join(config.arrayc_src_root, "test", "e2e", "run_e2e.py")))

tool_dirs = [config.arrayc_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["arrayc-opt", "arrayc-reduce", "arrayc-lsp-server", "arrayc"], tool_dirs)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.arrayc_tools_dir, append_path=True)

# A usable GPU: the driver loads and sees a device. Tests needing one say
# `REQUIRES: gpu`; test/Integration/GPU is skipped without it.
def _gpu_usable():
    if not config.arrayc_enable_cuda:
        return False
    try:
        import ctypes
        cuda = ctypes.CDLL("libcuda.so.1")
        if cuda.cuInit(0) != 0:
            return False
        n = ctypes.c_int(0)
        return cuda.cuDeviceGetCount(ctypes.byref(n)) == 0 and n.value > 0
    except OSError:
        return False

if config.arrayc_enable_cuda:
    config.available_features.add("cuda")
if _gpu_usable():
    config.available_features.add("gpu")
if python and subprocess.call([python, "-c", "import numpy"], stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("numpy")
if os.path.exists(os.path.join(config.arrayc_tools_dir, "arrayc_runtime_tests")):
    config.available_features.add("runtime-gtest")
if os.path.exists(os.path.join(config.arrayc_tools_dir, "arrayc_api_tests")):
    config.available_features.add("api-gtest")
# Sharded programs (--mesh, docs/distributed.md): the MPI runtime was built
# and mpirun exists. test/distributed runs them with `mpirun -np 2/4`.
if shutil.which("mpirun") and os.path.exists(
        os.path.join(config.arrayc_obj_root, "lib", "libarrayc_runtime_mpi.a")):
    config.available_features.add("mpi")
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake")
config.substitutions.append(("%arrayc_obj", config.arrayc_obj_root))

# `arrayc run` and libarrayc cache compiled code: the tests use their own
# cache in the build tree (tests about the cache set ARRAYC_CACHE_DIR to %t).
config.environment["ARRAYC_CACHE_DIR"] = os.path.join(config.arrayc_obj_root, "test", ".arrayc-cache")
if python and subprocess.call([python, "-c", "import setuptools, pytest, pip"],
                              stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("pytest")
if python and subprocess.call(
        [python, "-c", "import os, sysconfig; "
         "assert os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))"],
        stderr=subprocess.DEVNULL) == 0:
    config.available_features.add("python-dev")
