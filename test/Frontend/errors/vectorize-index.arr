import numpy as np

@vectorize
def first(v):
    return v[0] * 2.0

def main():
    x = np.ones(4)
    print(first(x))

# Tests that a @vectorize body that indexes its parameter (array code, not
# scalar code) is an error at the subscript, naming what to do instead.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-index.arr:5:13: error: a @vectorize function's parameters are scalars (one element of each array): they cannot be indexed; write an @arrayc.jit function for array code
