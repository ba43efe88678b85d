def f(z: c64[n]) -> bool[n]:
    return z < z

# Tests that ordering comparisons of complex numbers are a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-order.arr:2:14: error: '<' is not supported for complex operands (c64[n] and c64[n]): arrayc does not order complex numbers
# CHECK-NEXT: {{^}}    return z < z
# CHECK-NEXT: {{^}}             ^{{$}}
