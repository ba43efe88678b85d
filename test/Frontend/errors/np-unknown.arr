def f(x: f32[n]) -> f32[n]:
    return np.foo(x)

# Tests that unknown numpy functions are reported.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}np-unknown.arr:2:15: error: 'np.foo' is not supported yet
# CHECK-NEXT: {{^}}    return np.foo(x)
# CHECK-NEXT: {{^}}              ^{{$}}
