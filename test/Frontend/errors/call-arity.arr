def g(x: f32[n], y: f32[n]) -> f32[n]:
    return x + y
def f(x: f32[n]) -> f32[n]:
    return g(x)

# Tests that a missing argument at a call names the callee's parameters.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-arity.arr:4:12: error: g() is missing argument 'y'; it expects g(x, y)
# CHECK-NEXT: {{^}}    return g(x)
# CHECK-NEXT: {{^}}           ^{{$}}
