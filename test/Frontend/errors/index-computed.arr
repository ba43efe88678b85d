def f(x: f32[n], i: f32) -> f32:
    return x[i]

# Tests that a computed index must be an integer scalar.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-computed.arr:2:14: error: indices must be integers (a Python int or a 0-d integer array), got f32
# CHECK-NEXT: {{^}}    return x[i]
# CHECK-NEXT: {{^}}             ^{{$}}
