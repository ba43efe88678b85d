def f(a: f64[3, 3], b: f64[4, 2]) -> f64[3, 2]:
    return linalg.solve(a, b)

# Tests that solve names both shapes when b's rows do not match a.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-solve-dims.arr:2:12: error: linalg.solve: b has 4 rows where a has 3: f64[3, 3] and f64[4, 2]
# CHECK-NEXT: {{^}}    return linalg.solve(a, b)
