def f(x: i32[n]) -> i32[n]:
    return x ** -2

# Tests that an integer array to a negative literal power is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}int-neg-pow.arr:2:14: error: integers to negative integer powers are not allowed
# CHECK-NEXT: {{^}}    return x ** -2
# CHECK-NEXT: {{^}}             ^{{$}}
