def f(x: f32[n]) -> f64[k, k]:
    return np.zeros((2, 3))

# Tests that a result dim no parameter has takes one size: static sizes that
# differ for the same name are an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}result-dim.arr:2:5: error: 'f' has type f64[2, 3] here but its signature declares f64[k, k]
# CHECK-NEXT: {{^}}    return np.zeros((2, 3))
# CHECK-NEXT: {{^}}    ^{{$}}
