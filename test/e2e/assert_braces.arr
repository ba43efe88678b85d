# RUN: %e2e %s
# Tests that an assert message with braces is printed as written (the
# runtime's {0}/{1} placeholders are only the compiler's own messages').
# INPUT: x f32 [20] positive
# EXPECT-EXIT: 1
# EXPECT-ERROR: assert_braces.arr:11:5: AssertionError: want {0} < {1}, got {x}
import numpy as np

def main():
    x: f32[n] = np.load("x.npy")
    assert max(x) < 0, "want {0} < {1}, got {x}"
    np.save("y.npy", x)
