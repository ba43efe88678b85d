# A 200-kernel chain over 16M f64 elements timed with perf_counter(): t1 - t0
# around the chain, then print(s) reads the result on the host (waits for the
# device) before t2. When perf_counter() waits for the device, the chain's time
# is in t1 - t0 and t2 - t1 is small; when it reads the host clock as soon as
# the host gets there, t1 - t0 holds only the launches.
import numpy as np

def main():
    x = random.rand(16000000)
    y = x
    t0 = perf_counter()
    for i in range(200):
        y = np.sin(y) * 0.5 + x
    t1 = perf_counter()
    s = np.sum(y)
    print(s)
    t2 = perf_counter()
    print(t1 - t0)
    print(t2 - t1)
