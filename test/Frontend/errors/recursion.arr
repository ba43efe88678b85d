def f(x: f32) -> f32:
    return f(x)

# Tests that direct recursion is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}recursion.arr:2:12: error: recursive call to 'f': recursion is not supported
# CHECK-NEXT: {{^}}    return f(x)
# CHECK-NEXT: {{^}}           ^{{$}}
