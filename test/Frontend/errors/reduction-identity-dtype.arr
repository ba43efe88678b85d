import numpy as np

@reduction(identity=-np.inf)
def peak(a, b):
    return max(a, b)

def main():
    k = np.arange(10)
    print(peak(k))

# Tests that an identity the reduction's dtype cannot hold is an error at
# the identity.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reduction-identity-dtype.arr:3:21: error: the identity -inf cannot be represented as int64, the reduction's dtype
