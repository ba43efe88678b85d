def f(x: f32) -> f32:
    return x
def f(x: f32) -> f32:
    return x

# Tests that a function defined twice is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}dup-func.arr:3:1: error: function 'f' is already defined at line 1
# CHECK-NEXT: {{^}}def f(x: f32) -> f32:
# CHECK-NEXT: {{^}}^{{$}}
