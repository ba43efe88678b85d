def f(x: f32[n, 4], y: f32[n, 3]) -> f32[n, 7]:
    return np.concatenate((x, y))

# Tests that concatenate of mismatched non-axis dims is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}concat-mismatch.arr:2:12: error: np.concatenate(): all the input array dimensions except for the concatenation axis must match exactly, but f32[n, 4] and f32[n, 3] differ
# CHECK-NEXT: {{^}}    return np.concatenate((x, y))
# CHECK-NEXT: {{^}}           ^{{$}}
