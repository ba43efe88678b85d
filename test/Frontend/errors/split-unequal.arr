def f(x: f32[5]) -> f32[2]:
    a, b = np.split(x, 2)
    return a

# Tests that split into unequal sections of a static dim is rejected.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}split-unequal.arr:2:12: error: array split does not result in an equal division
# CHECK-NEXT: {{^}}    a, b = np.split(x, 2)
# CHECK-NEXT: {{^}}           ^{{$}}
