def f(x: f32) -> f32:
    for i in range(x):
        pass
    return x

# Tests that range() needs integer arguments.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}range-float.arr:2:20: error: range() arguments must be integer scalars, got f32
# CHECK-NEXT: {{^}}    for i in range(x):
# CHECK-NEXT: {{^}}                   ^{{$}}
