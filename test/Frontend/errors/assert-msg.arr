def f(x: f32) -> f32:
    assert x > 0, x
    return x

# Tests that the message of assert must be a string literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}assert-msg.arr:2:19: error: the message of 'assert' must be a string literal
# CHECK-NEXT: {{^}}    assert x > 0, x
# CHECK-NEXT: {{^}}                  ^{{$}}
