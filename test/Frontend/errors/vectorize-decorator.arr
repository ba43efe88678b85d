import numpy as np

@jit
def f(v):
    return v

def main():
    print(f(np.ones(2)))

# Tests that decorators other than @vectorize are rejected at the '@'.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-decorator.arr:3:1: error: decorators are not supported (except @vectorize, @arrayc.vectorize, @reduction, @arrayc.reduction)
