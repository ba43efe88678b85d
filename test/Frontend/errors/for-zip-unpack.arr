def f(x: f64[n], y: f64[n]) -> f64:
    s = 0.0
    for a in zip(x, y):
        s += a
    return s

# Tests that the items of zip() must be unpacked into one name each.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}for-zip-unpack.arr:3:9: error: unpack each item of zip() into 2 loop variables: `for a, b in zip(...)`
# CHECK-NEXT: {{^}}    for a in zip(x, y):
# CHECK-NEXT: {{^}}        ^{{$}}
