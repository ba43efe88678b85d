def f(x: u16[n]) -> u16[n]:
    return x * 70000

# Tests that a Python int above the unsigned dtype's range is an error (NEP 50).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unsigned-weak-overflow.arr:2:14: error: Python integer 70000 is out of bounds for u16
# CHECK-NEXT: {{^}}    return x * 70000
# CHECK-NEXT: {{^}}             ^{{$}}
