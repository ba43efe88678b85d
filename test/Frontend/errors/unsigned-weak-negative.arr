def f(x: u8[n]) -> u8[n]:
    return x + -1

# Tests that a negative Python int is out of bounds for an unsigned array
# (NumPy 2 raises OverflowError).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unsigned-weak-negative.arr:2:14: error: Python integer -1 is out of bounds for u8
# CHECK-NEXT: {{^}}    return x + -1
# CHECK-NEXT: {{^}}             ^{{$}}
