#!/usr/bin/env python3
"""A program whose functions are named after every symbol compiled code calls.

Usage: collide.py --arrayc PATH --lib-dir DIR --out DIR [--target=cpu|cuda]

1. Collects the names, from the build rather than by hand: the undefined
   symbols of features.arr compiled to an object for the target (libm,
   compiler-rt, the runtime's entry points, mgpu*), and the dynamic symbols
   the runtime libraries in --lib-dir define and call (arrayc_rt_*, cblas_*,
   LAPACKE_*, fftw*, cu*, libc...). Kept: the names a Python `def` can take.
2. Writes collide.arr: features.arr plus one `def NAME(t: f64[n]) -> f64[n]`
   per name (each calls np.sin and `%`, so libm's sin and fmod), which its
   `main` (the last function) then calls.
3. Runs it with run_e2e.py (JIT at -O0, ahead of time at -O2) against NumPy.
4. cpu: builds it with --shared, checks the library defines none of the
   external names, and calls every `_mlir_ciface_NAME` from C through the
   generated header, comparing with NumPy.

Exit status 0 when everything passes.
"""

import argparse
import builtins
import keyword
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
E2E = os.path.join(HERE, "..", "e2e", "run_e2e.py")
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# Names the .arr language (and run_e2e.py's NumPy reference) gives a meaning.
RESERVED = set(keyword.kwlist) | set(dir(builtins)) | {
    "np", "numpy", "main", "arrayc_main",
    "f16", "bf16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32",
    "u64", "c64", "c128", "bool"}


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        sys.exit("collide.py: `%s` failed (%d):\n%s%s" %
                 (" ".join(cmd), result.returncode, result.stdout, result.stderr))
    return result.stdout


def nm(path, *flags):
    names = set()
    for line in run(["nm", *flags, path]).splitlines():
        fields = line.split()
        if fields:
            names.add(fields[-1].split("@")[0])
    return names


def collect(args):
    """(names compiled code calls, of which those outside the runtime)."""
    obj = os.path.join(args.out, "features.o")
    run([args.arrayc, "--target=" + args.target, "--emit=obj",
         os.path.join(HERE, "features.arr"), "-o", obj])
    called = nm(obj, "-u")
    runtime_defined, runtime_called = set(), set()
    for lib in ("libarrayc_runtime.so", "libarrayc_runtime_cuda.so"):
        path = os.path.join(args.lib_dir, lib)
        if os.path.exists(path):
            runtime_defined |= nm(path, "-D", "--defined-only")
            runtime_called |= nm(path, "-D", "-u")
    if not runtime_defined or not runtime_called:
        sys.exit("collide.py: no runtime library in " + args.lib_dir)
    external = (called | runtime_called) - runtime_defined
    every = called | runtime_called | runtime_defined
    keep = lambda s: sorted(n for n in s if IDENT.match(n) and n not in RESERVED
                            and not n.startswith("_Z"))  # C++ names
    return keep(every), keep(external)


def write_program(path, names):
    with open(os.path.join(HERE, "features.arr")) as f:
        source = f.read()
    source = source.replace("# RUN: %e2e %s\n", "")
    source = source.replace("# STDOUT-NUMPY:\n", "# OUTPUT: calls 1e-12\n# STDOUT-NUMPY:\n")
    head, main = source.split("\ndef main():\n")  # main is last (np.load is main's)
    out = [head]
    for i, name in enumerate(names):
        out.append("\ndef %s(t: f64[n]) -> f64[n]:\n"
                   "    return np.sin(t) + t %% 1.5 + %d.0\n" % (name, i))
    out.append("\ndef main():\n" + main)
    # A running sum in which each term has its own weight: any call that
    # reaches another function changes it.
    out.append("    t = np.arange(4.0) * 0.7 - 1.0\n    calls = t * 0.0\n")
    for name in names:
        out.append("    calls = calls * 0.5 + %s(t)\n" % name)
    out.append('    np.save("calls.npy", calls)\n')
    with open(path, "w") as f:
        f.write("".join(out))


C_PROGRAM = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "libcollide.h"

int main(void) {
  double t[4] = {-1.0, -0.3, 0.4, 1.1};
  arrayc_memref_f64_1d arg = {t, t, 0, {4}, {1}}, r;
  int bad = 0;
%s
  printf("%%d calls, %%d wrong\n", %d, bad);
  return bad != 0;
}
"""

C_CALL = r"""
  _mlir_ciface_%(name)s(&r, &arg);
  for (int j = 0; j < 4; ++j) {
    double want = sin(t[j]) + (t[j] - 1.5 * floor(t[j] / 1.5)) + %(i)d.0;
    if (r.sizes[0] != 4 || fabs(r.aligned[j] - want) > 1e-12 * (1 + fabs(want))) {
      printf("%(name)s: %%g, want %%g\n", r.aligned[j], want);
      ++bad;
    }
  }
  free(r.allocated);
"""


def check_shared(args, program, names, external):
    lib = os.path.join(args.out, "libcollide.so")
    run([args.arrayc, "--target=cpu", "--shared", program, "-o", lib])
    defined = nm(lib, "-D", "--defined-only")
    clash = sorted(defined & set(external))
    if clash:
        sys.exit("collide.py: libcollide.so defines library symbols: " + " ".join(clash))
    missing = [n for n in names if "_mlir_ciface_" + n not in defined]
    if missing:
        sys.exit("collide.py: libcollide.so lacks the C wrappers of: " + " ".join(missing))
    source = os.path.join(args.out, "use_collide.c")
    with open(source, "w") as f:
        f.write(C_PROGRAM % ("".join(C_CALL % {"name": n, "i": i}
                                     for i, n in enumerate(names)), len(names)))
    exe = os.path.join(args.out, "use_collide")
    run(["cc", "-I" + args.out, source, "-L" + args.out, "-lcollide", "-lm",
         "-Wl,-rpath," + args.out, "-o", exe])
    print(run([exe]).strip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrayc", required=True)
    parser.add_argument("--lib-dir", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--target", default="cpu", choices=["cpu", "cuda"])
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    names, external = collect(args)
    print("%d names, %d outside the runtime, e.g. %s" %
          (len(names), len(external), " ".join(external[:12])))
    program = os.path.join(args.out, "collide.arr")
    write_program(program, names)
    # JIT at -O0 (where the calls the issue saw crash stay calls), ahead of
    # time at the default -O2.
    for mode, opt in (("jit", "-O0"), ("aot", "-O2")):
        run([sys.executable, E2E, "--arrayc", args.arrayc, "--target=" + args.target,
             "--mode=" + mode, "--flag=" + opt, "--dir", os.path.join(args.out, mode),
             program])
        print("collide.arr [%s %s %s]: matches NumPy" % (args.target, mode, opt))
    if args.target == "cpu":
        check_shared(args, program, names, external)


if __name__ == "__main__":
    main()
