def f(z: c128[n]) -> c128[n]:
    return z // 2

# Tests that floor division of complex numbers is a located error (NumPy has no loop).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex-floordiv.arr:2:14: error: ufunc 'floor_divide' is not supported for complex operands (c128[n] and a Python int)
# CHECK-NEXT: {{^}}    return z // 2
# CHECK-NEXT: {{^}}             ^{{$}}
