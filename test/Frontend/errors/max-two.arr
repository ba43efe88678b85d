def f(x: f32[n], y: f32[n]) -> f32[n]:
    return max(x, y)

# Tests that max(a, b) is Python's max of numbers, not the elementwise maximum.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}max-two.arr:2:16: error: the truth value of an array with more than one element is ambiguous: max() needs a scalar, got f32[n]; use any(...) or all(...); for the elementwise maximum of arrays use np.maximum(a, b)
# CHECK-NEXT: {{^}}    return max(x, y)
# CHECK-NEXT: {{^}}               ^{{$}}
