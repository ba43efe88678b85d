def f(z: c64[n]) -> c64:
    return max(z)

# Tests that max of complex numbers is a located error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-max.arr:2:12: error: max() is not supported for complex numbers (c64[n]): arrayc does not order them
# CHECK-NEXT: {{^}}    return max(z)
# CHECK-NEXT: {{^}}           ^{{$}}
