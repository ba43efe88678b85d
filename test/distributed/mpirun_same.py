#!/usr/bin/env python3
"""Runs a program on N MPI processes; every process must print the same.

Usage: mpirun_same.py [--timeout S] NP PROGRAM [ARG...]

Starts `mpirun -np NP` (as root too, oversubscribing the cores) with each
process's output in its own file, then writes rank 0's stdout to stdout after
checking that every rank's is identical (a sharded program returns NumPy's
answer on every process), every rank's stderr to stderr, and exits with
mpirun's status. After S seconds (default 120) the whole job is killed and
the status is 124, so a hang fails the test instead of stalling it.
"""
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile


def main(argv):
    timeout = 120.0
    if len(argv) > 2 and argv[0] == "--timeout":
        timeout = float(argv[1])
        argv = argv[2:]
    if len(argv) < 2:
        sys.exit(__doc__)
    np_, prog = argv[0], argv[1:]
    out = tempfile.mkdtemp(prefix="arrayc-mpi-")
    try:
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", np_,
               "--output-filename", out] + prog
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
        try:
            mout, merr = p.communicate(timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            mout, merr = p.communicate()
            rc = 124
            sys.stderr.write("mpirun_same: the job did not end within %gs: killed\n" % timeout)
        outs, errs = {}, []
        for d in sorted(glob.glob(os.path.join(out, "*", "rank.*"))):
            rank = int(d.rsplit(".", 1)[1])
            for name, store in (("stdout", outs), ("stderr", None)):
                path = os.path.join(d, name)
                text = open(path, errors="replace").read() if os.path.exists(path) else ""
                if store is None:
                    errs.append(text)
                else:
                    store[rank] = text
        sys.stderr.write("".join(errs))
        sys.stderr.write(merr.decode(errors="replace"))
        # (mpirun's own stdout repeats every rank's: the files are the record.)
        if rc == 0:
            if sorted(outs) != list(range(int(np_))):
                sys.stderr.write("mpirun_same: output of ranks %s only\n" % sorted(outs))
                return 3
            for r, text in outs.items():
                if text != outs[0]:
                    sys.stderr.write("mpirun_same: rank %d printed\n%s\nrank 0 printed\n%s\n"
                                     % (r, text, outs[0]))
                    return 3
        if 0 in outs:
            sys.stdout.write(outs[0])
        return rc
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
