def f(x: f32) -> f32:
    if x > 0:
        y = x
    return y

# Tests that a variable assigned in one branch only cannot be used after.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}if-unbound.arr:4:12: error: variable 'y' is assigned in only one branch of the 'if' at line 2; assign it before the 'if' or in every branch to use it here
# CHECK-NEXT: {{^}}    return y
# CHECK-NEXT: {{^}}           ^{{$}}
