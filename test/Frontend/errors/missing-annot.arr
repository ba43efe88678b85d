import numpy as np

def f(x, y: f32) -> f32:
    return y

def main():
    print(f((np.ones(2), 2), 3.0))

# Tests that an unannotated parameter (typed per call) takes arrays,
# numbers, None and tuples of numbers, not tuples holding arrays.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}missing-annot.arr:7:14: error: argument 'x' of 'f' is a tuple of 2 values; a parameter takes an array, a number, None or a tuple of numbers
# CHECK-NEXT: {{^}}    print(f((np.ones(2), 2), 3.0))
# CHECK-NEXT: {{^}}             ^{{$}}
