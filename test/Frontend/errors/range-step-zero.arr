def main():
    for i in range(0, 10, 0):
        pass

# Tests that range() with a literal zero step is a compile-time error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}range-step-zero.arr:2:27: error: range() arg 3 must not be zero
# CHECK-NEXT: {{^}}    for i in range(0, 10, 0):
# CHECK-NEXT: {{^}}                          ^{{$}}
