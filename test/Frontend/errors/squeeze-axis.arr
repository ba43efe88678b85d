def f(x: f32[3, 4]) -> f32[3, 4]:
    return np.squeeze(x, axis=1)

# Tests that squeezing a non-unit axis is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}squeeze-axis.arr:2:31: error: cannot select an axis to squeeze out which has size not equal to one
# CHECK-NEXT: {{^}}    return np.squeeze(x, axis=1)
# CHECK-NEXT: {{^}}                              ^{{$}}
