def f(x, y: f32) -> f32:
    return y

def main():
    print(f((1, 2), 3.0))

# Tests that an unannotated parameter (typed per call) takes arrays and
# numbers, not tuples.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}missing-annot.arr:5:14: error: argument 'x' of 'f' is a tuple of 2 values; a parameter takes an array or a number
# CHECK-NEXT: {{^}}    print(f((1, 2), 3.0))
# CHECK-NEXT: {{^}}             ^{{$}}
