def f(x: f32[3, 4]) -> f32[3, 4]:
    return x.transpose(0, 0)

# Tests that a repeated transpose axis is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}transpose-axes.arr:2:27: error: repeated axis in transpose
# CHECK-NEXT: {{^}}    return x.transpose(0, 0)
# CHECK-NEXT: {{^}}                          ^{{$}}
