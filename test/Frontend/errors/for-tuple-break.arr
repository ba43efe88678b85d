def f(x: f32[n]) -> f32[n]:
    for v in (1.0, 2.0):
        if v > 1.5:
            break
        x += v
    return x

# Tests that a loop over a tuple display (unrolled) rejects break/continue.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}for-tuple-break.arr:2:15: error: break/continue in a loop over a tuple or list display is not supported; loop over range(...)
# CHECK-NEXT: {{^}}    for v in (1.0, 2.0):
# CHECK-NEXT: {{^}}              ^{{$}}
