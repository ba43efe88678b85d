def f(x: f32[n]) -> f32:
    return x[0, 1]

# Tests that more indices than dims are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-too-many.arr:2:14: error: too many indices for array: array is 1-dimensional, but 2 were indexed
# CHECK-NEXT: {{^}}    return x[0, 1]
# CHECK-NEXT: {{^}}             ^{{$}}
