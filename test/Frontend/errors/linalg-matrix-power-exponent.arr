def f(a: f64[3, 3], k: i64) -> f64[3, 3]:
    return np.linalg.matrix_power(a, k)

# Tests that matrix_power needs its exponent as an integer literal (the
# number of products is fixed when compiling).
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-matrix-power-exponent.arr:2:38: error: linalg.matrix_power(): exponent must be an integer literal
# CHECK-NEXT: {{^}}    return np.linalg.matrix_power(a, k)
# CHECK-NEXT: {{^}}                                     ^{{$}}
