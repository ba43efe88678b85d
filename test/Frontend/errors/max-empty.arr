def f(x: f32[n, 0]) -> f32[n]:
    return max(x, axis=1)

# Tests that max over a static zero-size axis has no identity.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}max-empty.arr:2:12: error: zero-size array to reduction operation maximum which has no identity
# CHECK-NEXT: {{^}}    return max(x, axis=1)
# CHECK-NEXT: {{^}}           ^{{$}}
