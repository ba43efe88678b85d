def f(x: f32[4]) -> f32:
    return x[4]

# Tests that a static out-of-range index is a compile-time error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index.arr:2:14: error: index 4 is out of bounds for axis 0 with size 4
# CHECK-NEXT: {{^}}    return x[4]
# CHECK-NEXT: {{^}}             ^{{$}}
