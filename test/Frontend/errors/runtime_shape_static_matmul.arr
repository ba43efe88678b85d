def f(x: f64[n], i: i64) -> f64[k]:
    return np.ones((i, 3)) @ np.ones((4, i))

# Tests that core dims that are static and differ stay a compile error even
# when the other dims are only known at run time.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}runtime_shape_static_matmul.arr:2:28: error: matmul: Input operand 1 has a mismatch in its core dimension 0 (size 4 is different from 3): f64[(i), 3] @ f64[4, (i)]
# CHECK-NEXT: {{^}}    return np.ones((i, 3)) @ np.ones((4, i))
# CHECK-NEXT: {{^}}                           ^{{$}}
