def f(z: c64[n]) -> c64[n]:
    return floor(z)

# Tests that floor of complex numbers is a located error (NumPy has no loop).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-floor.arr:2:12: error: 'floor' is not supported for complex numbers (c64[n])
# CHECK-NEXT: {{^}}    return floor(z)
# CHECK-NEXT: {{^}}           ^{{$}}
