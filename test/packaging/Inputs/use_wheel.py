"""Run by test/packaging/wheel.test with one argument:
  version  the versions of the package (arrayc.__version__ is libarrayc's, and the
           installed distribution's metadata)
  run      where the installed package found arrayc, and a compiled function
           called on the cpu target
  config   arrayc.show_config()"""
import sys

import arrayc

mode = sys.argv[1]
if mode == "version":
    import importlib.metadata
    print("python", arrayc.__version__, importlib.metadata.version("arrayc"))
elif mode == "run":
    import numpy as np
    config = arrayc.show_config(mode="dicts")
    print("library:", config["arrayc"]["library"])
    print("runtime:", config["runtime"]["library"])
    print("package:", config["arrayc"]["package_dir"])

    @arrayc.jit(target="cpu")
    def f(x):
        return x * 2.0 + 1.0

    print("result:", arrayc.asnumpy(f(np.arange(3.0))).tolist())
elif mode == "config":
    arrayc.show_config()
else:
    sys.exit("use_wheel.py: unknown mode %r" % mode)
