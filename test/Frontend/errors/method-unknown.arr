def f(x: f32[3, 4]) -> f32[3, 4]:
    return x.cumprod()

# Tests that unsupported methods are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}method-unknown.arr:2:14: error: method '.cumprod()' is not supported yet
# CHECK-NEXT: {{^}}    return x.cumprod()
# CHECK-NEXT: {{^}}             ^{{$}}
