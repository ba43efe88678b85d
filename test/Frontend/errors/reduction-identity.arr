import numpy as np

@reduction
def peak(a, b):
    return max(a, abs(b))

def main():
    print(peak(np.ones(4)))

# Tests that @reduction without its identity is an error at the decorator.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reduction-identity.arr:3:1: error: @reduction needs its identity: @reduction(identity=0.0)
