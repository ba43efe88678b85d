def f(x: f32[n, m]) -> f32[n, m]:
    return x[..., ...]

# Tests that two ellipses are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-ellipsis2.arr:2:19: error: an index can only have a single ellipsis ('...')
# CHECK-NEXT: {{^}}    return x[..., ...]
# CHECK-NEXT: {{^}}                  ^{{$}}
