def f(x: f32) -> f32:
    if x > 0:
        continue
    return x

# Tests that a continue outside any loop is an error (Python's SyntaxError).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}continue.arr:3:9: error: 'continue' not properly in loop
# CHECK-NEXT: {{^}}        continue
# CHECK-NEXT: {{^}}        ^{{$}}
