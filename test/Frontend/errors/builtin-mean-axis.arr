def f(a: f32[n, 3]) -> f32[n]:
    return np.mean(a, axis=2)

# Tests an axis out of bounds.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}builtin-mean-axis.arr:2:28: error: axis 2 is out of bounds for array of dimension 2
# CHECK-NEXT: {{^}}    return np.mean(a, axis=2)
# CHECK-NEXT: {{^}}                           ^{{$}}
