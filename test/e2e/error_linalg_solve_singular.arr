# RUN: %e2e %s
# Tests that solve with a singular stack member is a run-time error.
# INPUT: b f32 [2, 3, 1]
# OUTPUT: r
# EXPECT-ERROR: linalg.solve: Singular matrix
# EXPECT-EXIT: 1
import numpy as np

def main():
    b: f32[2, 3, 1] = np.load("b.npy")
    a = np.stack([np.eye(3, dtype=np.float32), np.zeros((3, 3), dtype=np.float32)])
    np.save("r.npy", linalg.solve(a, b))
