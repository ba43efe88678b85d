def f(x: f64[n], i: i64) -> (f64[k], f64[k]):
    return np.zeros(3), np.zeros(4)

# Tests that a result-only dim shared by two results must have one size:
# static sizes that differ are an error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}runtime_shape_result_static.arr:2:5: error: result 2 of 'f' has type f64[4] here but its signature declares f64[k]
# CHECK-NEXT: {{^}}    return np.zeros(3), np.zeros(4)
# CHECK-NEXT: {{^}}    ^{{$}}
