def f(x: i8[n]) -> i8[n]:
    return x + 300

# Tests that a weak Python int that does not fit the array dtype is an error (NEP 50).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}int-oob.arr:2:14: error: Python integer 300 is out of bounds for i8
# CHECK-NEXT: {{^}}    return x + 300
# CHECK-NEXT: {{^}}             ^{{$}}
