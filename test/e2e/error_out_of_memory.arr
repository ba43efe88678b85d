# RUN: %e2e %s
# Tests that an array too large for the machine (2^62 bytes: its size fits in
# 64 bits, so it passes the size check) stops the program with an
# out-of-memory error naming the line and column that created it, exit
# status 1 and no output written -- on the host (malloc fails) and on the
# device (the pool fails), never a segfault.
# INPUT: x f32 [4]
# EXPECT-ERROR: error_out_of_memory.arr:15:11: 
# EXPECT-ERROR: memory allocating 46116860184273879
# EXPECT-EXIT: 1
import numpy as np

def main():
    x: f32[4] = np.load("x.npy")
    big = np.ones((2**28, 2**28, 16), dtype=np.float32)
    big[1, 2, :4] = x
    np.save("out.npy", big[1, 2, :4] + big[0, 0, :4])
