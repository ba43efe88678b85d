def f(x: u8[n]) -> u8[n]:
    return x

# Tests that unsigned dtypes are rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unsigned.arr:1:10: error: unsigned/complex dtype 'u8' is not supported yet
# CHECK-NEXT: {{^}}def f(x: u8[n]) -> u8[n]:
# CHECK-NEXT: {{^}}         ^{{$}}
