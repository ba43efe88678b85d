def f(x: f32[n]) -> f32:
    return np.sum(x, keepdims=1)

# Tests that keepdims must be a bool literal.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}keepdims.arr:2:31: error: np.sum(): keepdims must be True or False
# CHECK-NEXT: {{^}}    return np.sum(x, keepdims=1)
# CHECK-NEXT: {{^}}                              ^{{$}}
