def main():
    print(012)

# Tests that decimal literals with leading zeros are rejected as in Python.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}leading-zero.arr:2:11: error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
# CHECK-NEXT: {{^}}    print(012)
# CHECK-NEXT: {{^}}          ^{{$}}
