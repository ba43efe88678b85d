def g(x: f32[n], y: f32[n]) -> f32[n]:
    return x + y
def f(a: f32[n], b: f32[m]) -> f32[n]:
    return g(a, b)

# Tests that one callee dim name bound to two caller dims is an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-bind.arr:4:17: error: dimension 'n' of 'g' cannot be both n and m: argument 'y' of 'g' has type f32[m] but an earlier argument has type f32[n]
# CHECK-NEXT: {{^}}    return g(a, b)
# CHECK-NEXT: {{^}}                ^{{$}}
