def f(x: f32[3, 4]) -> f32:
    return x.shape[2]

# Tests that indexing the shape tuple out of range is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}tuple-index.arr:2:20: error: tuple index out of range
# CHECK-NEXT: {{^}}    return x.shape[2]
# CHECK-NEXT: {{^}}                   ^{{$}}
