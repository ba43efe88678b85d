def f(n: f64) -> f64[k]:
    return np.zeros(n * 2)

# Tests that a run-time size must be an integer (NumPy raises TypeError).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}runtime_shape_float_size.arr:2:23: error: np.zeros(): a shape must be integers (literals, integer scalars, sizes of arrays such as `x.shape[0]`), got f64
# CHECK-NEXT: {{^}}    return np.zeros(n * 2)
# CHECK-NEXT: {{^}}                      ^{{$}}
