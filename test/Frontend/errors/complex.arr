def f(x: c64) -> c64:
    return x

# Tests that complex dtypes are rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}complex.arr:1:10: error: complex dtype 'c64' is not supported yet
# CHECK-NEXT: {{^}}def f(x: c64) -> c64:
# CHECK-NEXT: {{^}}         ^{{$}}
