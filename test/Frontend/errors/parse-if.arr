def f(x: f32) -> f32:
    if x > 0:
        return x
    return -x

# Tests that if statements are rejected for now at the keyword.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}parse-if.arr:2:5: error: 'if' statements are not supported yet
# CHECK-NEXT: {{^}}    if x > 0:
# CHECK-NEXT: {{^}}    ^{{$}}
