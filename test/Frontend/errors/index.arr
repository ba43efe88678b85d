def f(x: f32[n]) -> f32:
    return x[0]

# Tests that indexing is rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}index.arr:2:13: error: indexing is not supported yet
# CHECK-NEXT: {{^}}    return x[0]
# CHECK-NEXT: {{^}}            ^{{$}}
