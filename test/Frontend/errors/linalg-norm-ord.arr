def f(a: f64[3]) -> f64:
    return linalg.norm(a, "nuc")

# Tests that a matrix ord on a vector is a located error, as NumPy's.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}linalg-norm-ord.arr:2:27: error: linalg.norm: Invalid norm order 'nuc' for vectors
# CHECK-NEXT: {{^}}    return linalg.norm(a, "nuc")
# CHECK-NEXT: {{^}}                          ^{{$}}
