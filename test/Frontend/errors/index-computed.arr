def f(x: f32[n], i: i64) -> f32:
    return x[i]

# Tests that computed (non-literal) indices are rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index-computed.arr:2:14: error: indices must be integer literals, slices, None or '...'; computed indices are not supported yet
# CHECK-NEXT: {{^}}    return x[i]
# CHECK-NEXT: {{^}}             ^{{$}}
