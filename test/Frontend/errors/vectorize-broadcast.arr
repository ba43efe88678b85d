import numpy as np

@vectorize
def add3(a, b):
    return a + b

def main():
    print(add3(np.ones(3), np.ones(4)))

# Tests that @vectorize arguments that do not broadcast are an error at the
# call, with NumPy's shapes.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}vectorize-broadcast.arr:8:11: error: operands could not be broadcast together with shapes f64[3] and f64[4]
