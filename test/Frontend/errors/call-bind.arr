def g(x: f32[n], y: f32[n]) -> f32[n]:
    return x + y
def f(a: f32[4], b: f32[5]) -> f32[4]:
    return g(a, b)

# Tests that one callee dim name bound to two different static sizes is an
# error (sizes known only at run time are checked then:
# e2e/runtime_shape_call_args.arr, runtime_shape_error_call.arr).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}call-bind.arr:4:17: error: dimension 'n' of 'g' cannot be both 4 and 5: argument 'y' of 'g' has type f32[5] but an earlier argument has type f32[4]
# CHECK-NEXT: {{^}}    return g(a, b)
# CHECK-NEXT: {{^}}                ^{{$}}
