def f(x: f32[n]) -> f32[n]:
    return np.sqrt(x, x)

# Tests that a builtin called with too many arguments names the function and its parameters.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}arity.arr:2:23: error: np.sqrt() takes at most 1 positional argument(s) but 2 were given; it expects np.sqrt(x)
# CHECK-NEXT: {{^}}    return np.sqrt(x, x)
# CHECK-NEXT: {{^}}                      ^{{$}}
