def f(z: c64[n]) -> i64:
    return argmax(z)

# Tests that argmax of complex numbers is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-argmax.arr:2:12: error: argmax() is not supported for complex numbers (c64[n]): arrayc does not order them
# CHECK-NEXT: {{^}}    return argmax(z)
# CHECK-NEXT: {{^}}           ^{{$}}
