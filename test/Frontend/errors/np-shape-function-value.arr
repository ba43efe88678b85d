def f(x: f32[6]) -> f32[2, 3]:
    g = np.reshape
    return g(x, (2, 3))

# Tests that a shape function of numpy used as a value is reported as a
# function (it is a builtin, found in the one registry, Builtins.def), not
# as an unsupported name.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}np-shape-function-value.arr:2:12: error: 'np.reshape' is a function; functions are not values, call it
# CHECK-NEXT: {{^}}    g = np.reshape
# CHECK-NEXT: {{^}}           ^{{$}}
