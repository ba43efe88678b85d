def f(x: f32[n]) -> f32:
    return np.sum(x, axes=0)

# Tests that an unknown keyword names the function and its parameters.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}kwarg.arr:2:22: error: np.sum() got an unexpected keyword argument 'axes'; it expects np.sum(a, axis, keepdims)
# CHECK-NEXT: {{^}}    return np.sum(x, axes=0)
# CHECK-NEXT: {{^}}                     ^{{$}}
