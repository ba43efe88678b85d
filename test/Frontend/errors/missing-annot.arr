def f(x, y: f32) -> f32:
    return y

# Tests that parameters need type annotations.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}missing-annot.arr:1:7: error: parameter 'x' of 'f' needs a type annotation, e.g. `x: f32[n]`
# CHECK-NEXT: {{^}}def f(x, y: f32) -> f32:
# CHECK-NEXT: {{^}}      ^{{$}}
