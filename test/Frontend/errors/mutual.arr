def f(x: f32) -> f32:
    return g(x)
def g(x: f32) -> f32:
    return f(x)

# Tests that mutual recursion is detected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}mutual.arr:4:12: error: recursive call to 'f': recursion is not supported
# CHECK-NEXT: {{^}}    return f(x)
# CHECK-NEXT: {{^}}           ^{{$}}
