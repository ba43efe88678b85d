def f(x: f32[n, m]) -> f32[m, n]:
    return x.foo

# Tests that unknown attributes are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}attr.arr:2:14: error: attribute '.foo' is not supported yet
# CHECK-NEXT: {{^}}    return x.foo
# CHECK-NEXT: {{^}}             ^{{$}}
