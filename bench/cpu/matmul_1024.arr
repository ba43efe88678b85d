# CPU-target timing of a 1024x1024 matmul in f32 and f64 (docs/performance.md,
# "CPU target"). Build and run:
#   arrayc --target=cpu bench/cpu/matmul_1024.arr -o /tmp/mm && /tmp/mm
#   arrayc --target=cpu --no-blas bench/cpu/matmul_1024.arr -o /tmp/mm_loops
# Prints the median of `reps` timed products of each dtype, in seconds, and a
# checksum so the products are used.
import numpy as np

def middle(t: f64[n]) -> f64:
    # The median of an odd count: the time with as many below it as above.
    m = 0.0
    for i in range(n):
        below = 0
        for j in range(n):
            if t[j] < t[i]:
                below = below + 1
        if below == n // 2:
            m = t[i]
    return m

def mm32(x: f32[n, k], y: f32[k, m]) -> f32[n, m]:
    # A function of its own, so the astype in main is not fused into the
    # product (a fused prologue keeps it on loops).
    return x @ y

def main():
    reps = 5
    a = random.rand(1024, 1024)
    b = random.rand(1024, 1024)
    a32 = a.astype(np.float32)
    b32 = b.astype(np.float32)
    t32 = zeros(reps)
    t64 = zeros(reps)
    check = 0.0
    for r in range(reps):
        t0 = perf_counter()
        c32 = mm32(a32, b32)
        t1 = perf_counter()
        c64 = a @ b
        t2 = perf_counter()
        t32[r] = t1 - t0
        t64[r] = t2 - t1
        check = check + c32[r, r] + c64[r, r]
    print("f32 median s:", middle(t32))
    print("f64 median s:", middle(t64))
    print("checksum:", check)
