"""Runs perf_counter_chain.arr (argv[2]) with `arrayc run` (argv[1], then the
target) and checks that perf_counter() waits for the device: the kernel
chain's time must fall inside t1 - t0, not after t1. Prints the times and
PASS/FAIL; exits 1 on FAIL.

    python3 perf_counter_check.py <arrayc> <program.arr> [--target=cuda]
"""
import subprocess
import sys
import time

arrayc, program = sys.argv[1], sys.argv[2]
target = sys.argv[3] if len(sys.argv) > 3 else "--target=cuda"
cmd = [arrayc, target, "run", program]
start = time.perf_counter()
out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.split()
wall = time.perf_counter() - start
s, chain, after = float(out[0]), float(out[1]), float(out[2])
print("%s: sum %.6g; t1 - t0 (the chain) %.3f ms; t2 - t1 (sum + print) %.3f ms; "
      "process wall %.1f ms" % (" ".join(cmd), s, chain * 1e3, after * 1e3, wall * 1e3))
# The sum of 16M elements and one print take well under a millisecond on a
# GPU; the chain (200 passes over 256 MB) takes tens. If t2 - t1 holds most of
# the time, the clock at t1 was read before the chain had run.
waits = after < 0.25 * (chain + after)
print("PASS: perf_counter() waits for the device" if waits else
      "FAIL: perf_counter() does not wait for the device (the chain ran after t1)")
sys.exit(0 if waits else 1)
