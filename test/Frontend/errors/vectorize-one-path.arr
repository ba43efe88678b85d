import numpy as np

@vectorize
def g(v):
    if v > 0.0:
        w = v * 2.0
    return w

def main():
    print(g(np.ones(3)))

# Tests that a variable a @vectorize body assigns on one path of an 'if'
# only is an error where it is read.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-one-path.arr:7:12: error: 'w' is assigned on only one path of the 'if' at line 5; assign it before the 'if'
