import numpy as np

def same(x, y):
    r = 0.0
    if x is y:
        r = 1.0
    return r

def main():
    a = np.ones(3)
    print(same(a, a))

# Tests that `is` compares with None only (object identity of arrays is
# not a value arrayc computes).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}is-identity.arr:5:10: error: 'is' compares object identity; arrayc supports `x is None` and `x is not None` (use == for values)
