def g(x: f32) -> (f32, f32):
    return x, x
def main():
    a, b, c = g(1.0)

# Tests that tuple unpacking checks the number of values.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}unpack.arr:4:5: error: cannot unpack 2 values into 3 names
# CHECK-NEXT: {{^}}    a, b, c = g(1.0)
# CHECK-NEXT: {{^}}    ^{{$}}
