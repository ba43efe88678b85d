def f(x: f32) -> f32:
    return x + 1 / 0

# Tests that division by zero between Python literals is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}div-zero.arr:2:18: error: division by zero
# CHECK-NEXT: {{^}}    return x + 1 / 0
# CHECK-NEXT: {{^}}                 ^{{$}}
