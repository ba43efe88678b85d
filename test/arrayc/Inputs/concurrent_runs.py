"""Starts N `arrayc run` of one program at once on one (empty) cache
directory; all must succeed and print the same."""
import subprocess
import sys

arrayc, program, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
procs = [subprocess.Popen([arrayc, "run", "--target=cpu", program], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) for _ in range(n)]
outs = [p.communicate() for p in procs]
codes = [p.returncode for p in procs]
if any(codes) or len(set(o for o, _ in outs)) != 1:
    print("FAILED", codes, [e.decode()[-300:] for _, e in outs])
    sys.exit(1)
print("all %d runs printed the same:" % n)
sys.stdout.write(outs[0][0].decode())
