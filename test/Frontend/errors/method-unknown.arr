def f(x: f32[3, 4]) -> f32[3, 4]:
    return x.tolist()

# Tests that unsupported methods are rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}method-unknown.arr:2:14: error: method '.tolist()' is not supported yet
# CHECK-NEXT: {{^}}    return x.tolist()
# CHECK-NEXT: {{^}}             ^{{$}}
