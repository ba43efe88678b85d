# RUN: %e2e %s
# Tests perf_counter(): a host clock in seconds that never goes backwards.
# STDOUT: True True
import numpy as np

def main():
    t0 = perf_counter()
    x = random.rand(1000)
    s = sum(x)
    t1 = perf_counter()
    print(t1 - t0 >= 0.0, t1 > 0.0)
