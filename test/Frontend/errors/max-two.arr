def f(x: f32[n], y: f32[n]) -> f32[n]:
    return max(x, y)

# Tests that max(a, b) is not the elementwise maximum.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}max-two.arr:2:19: error: max(): axis must be None, an integer literal or a tuple of integer literals; for the elementwise maximum of two arrays use maximum(a, b)
# CHECK-NEXT: {{^}}    return max(x, y)
# CHECK-NEXT: {{^}}                  ^{{$}}
