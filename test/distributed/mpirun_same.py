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
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from same_output import finish, run_job  # noqa: E402


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
        # Its own session directory: OpenMPI's default, ompi.HOST.UID under
        # $TMPDIR, is shared by the jobs lit runs at once, and one job's
        # cleanup removed it while another made its pid directory there
        # ("A call to mkdir was unable to create the desired directory").
        session = os.path.join(out, "session")
        os.mkdir(session)
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "--mca",
               "orte_tmpdir_base", session, "-np", np_, "--output-filename",
               os.path.join(out, "ranks")] + prog
        mout, merr, rc = run_job(cmd, timeout, "mpirun_same")
        outs, errs = {}, []
        for d in sorted(glob.glob(os.path.join(out, "ranks", "*", "rank.*"))):
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
        return finish("mpirun_same", outs, int(np_), rc)
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
