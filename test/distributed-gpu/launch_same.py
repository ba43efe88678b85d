#!/usr/bin/env python3
"""Runs a program on N ranks under `arrayc launch`; every rank must print the same.

Usage: launch_same.py --arrayc ARRAYC [--timeout S] NP PROGRAM [ARG...]

Starts `ARRAYC launch -np NP sh -c 'exec PROGRAM ... >out.RANK 2>err.RANK'`
(each rank's output in its own file), then writes rank 0's stdout to stdout
after checking that every rank's is identical (a sharded program returns
NumPy's answer on every rank), every rank's stderr and the launcher's to
stderr, and exits with the launcher's status. After S seconds (default 180)
the launcher and its ranks are killed and the status is 124, so a hang fails
the test instead of stalling it.
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "distributed"))
from same_output import finish, run_job  # noqa: E402


def main(argv):
    arrayc, timeout = "arrayc", 180.0
    while len(argv) >= 2 and argv[0] in ("--arrayc", "--timeout"):
        if argv[0] == "--arrayc":
            arrayc = argv[1]
        else:
            timeout = float(argv[1])
        argv = argv[2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    np_, prog = int(argv[0]), argv[1:]
    out = tempfile.mkdtemp(prefix="arrayc-launch-same-")
    try:
        script = 'exec "$@" >"%s/out.$ARRAYC_RANK" 2>"%s/err.$ARRAYC_RANK"' % (out, out)
        cmd = [arrayc, "launch", "-np", str(np_), "sh", "-c", script, "sh"] + prog
        # The ranks are in process groups of their own: on a timeout,
        # PR_SET_PDEATHSIG ends them when the launcher is killed.
        lout, lerr, rc = run_job(cmd, timeout, "launch_same")
        outs = {}
        for r in range(np_):
            path = os.path.join(out, "out.%d" % r)
            if os.path.exists(path):
                # NCCL prints its version banner on the first rank's stdout
                # (NCCL_DEBUG=VERSION on the device machine's image): not the
                # program's output.
                outs[r] = "".join(l for l in open(path, errors="replace").readlines()
                                  if not l.startswith("NCCL version "))
            path = os.path.join(out, "err.%d" % r)
            if os.path.exists(path):
                sys.stderr.write(open(path, errors="replace").read())
        sys.stderr.write(lerr.decode(errors="replace"))
        sys.stdout.write(lout.decode(errors="replace"))
        return finish("launch_same", outs, np_, rc)
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
