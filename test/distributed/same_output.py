"""What mpirun_same.py and launch_same.py share: running a whole job under a
time limit, and checking that every rank printed what rank 0 printed.

Both wrappers put the directory of this file on sys.path and import it.
"""
import os
import signal
import subprocess
import sys


def run_job(cmd, timeout, name):
    """Runs cmd in a session of its own; returns (stdout, stderr, status).

    After `timeout` seconds the session is killed and the status is 124, so a
    hang fails the test instead of stalling it.
    """
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return out, err, p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        sys.stderr.write("%s: the job did not end within %gs: killed\n" % (name, timeout))
        return out, err, 124


def finish(name, outs, nranks, rc):
    """Checks the ranks' stdout texts `outs` ({rank: text}) and writes rank 0's.

    When the job succeeded (rc 0), every rank 0..nranks-1 must have printed and
    printed rank 0's text; otherwise the status is 3. Returns the status to
    exit with.
    """
    if rc == 0:
        if sorted(outs) != list(range(nranks)):
            sys.stderr.write("%s: output of ranks %s only\n" % (name, sorted(outs)))
            return 3
        for r, text in outs.items():
            if text != outs[0]:
                sys.stderr.write("%s: rank %d printed\n%s\nrank 0 printed\n%s\n"
                                 % (name, r, text, outs[0]))
                return 3
    if 0 in outs:
        sys.stdout.write(outs[0])
    return rc
