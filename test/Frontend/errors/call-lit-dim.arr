def g(x: f32[3]) -> f32[3]:
    return x
def f(x: f32[4]) -> f32[3]:
    return g(x)

# Tests that a callee literal dim must match the caller's static size (a
# size known only at run time is checked then).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-lit-dim.arr:4:14: error: argument 'x' of 'g' expects f32[3], got f32[4]
# CHECK-NEXT: {{^}}    return g(x)
# CHECK-NEXT: {{^}}             ^{{$}}
