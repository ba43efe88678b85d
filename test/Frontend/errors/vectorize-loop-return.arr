import numpy as np

@vectorize
def first_above(v, t):
    for i in range(10):
        if v * i > t:
            return i
    return -1

def main():
    x = np.ones(4)
    print(first_above(x, 3.0))

# Tests that a return inside a loop of a @vectorize body is an error at the
# loop, saying how to write it.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-loop-return.arr:5:5: error: a @vectorize function cannot return from inside a loop; leave the loop (set a flag in the loop's condition) and return after it
