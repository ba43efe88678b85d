def f(x: f32[3, 4]) -> f32[3, 4]:
    return x.astype(7)

# Tests that astype of a non-dtype is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}astype-bad.arr:2:21: error: expected a dtype (f32, np.float32, x.dtype, ...)
# CHECK-NEXT: {{^}}    return x.astype(7)
# CHECK-NEXT: {{^}}                    ^{{$}}
