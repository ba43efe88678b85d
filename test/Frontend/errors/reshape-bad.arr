def f(x: f32[3, 4]) -> f32[5, 2]:
    return x.reshape(5, 2)

# Tests that a reshape to a different element count is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}reshape-bad.arr:2:12: error: cannot reshape array of type f32[3, 4] into shape [5, 2]
# CHECK-NEXT: {{^}}    return x.reshape(5, 2)
# CHECK-NEXT: {{^}}           ^{{$}}
