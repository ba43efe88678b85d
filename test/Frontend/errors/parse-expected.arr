def f(x: f32) -> f32
    return x

# Tests that a missing colon after a signature is a syntax error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}parse-expected.arr:1:21: error: expected ':' to start the block, got end of line
# CHECK-NEXT: {{^}}def f(x: f32) -> f32
# CHECK-NEXT: {{^}}                    ^{{$}}
