def f(x: f32) -> f32:
    if x > 0:
        return x
    return -x

# Tests that return inside an if is rejected for now.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-return.arr:3:9: error: 'return' inside 'if', 'for' or 'while' is not supported yet; assign a variable and return after the statement
# CHECK-NEXT: {{^}}        return x
# CHECK-NEXT: {{^}}        ^{{$}}
