def main():
    print(99999999999999999999)

# Tests that integer literals beyond 64 bits are a lexer error.
# RUN: not arrayc --emit=ndarray %s 2>&1 | FileCheck --strict-whitespace %s
# CHECK: {{.*}}big-int.arr:2:11: error: integer literal is too large for 64 bits
# CHECK-NEXT: {{^}}    print(99999999999999999999)
# CHECK-NEXT: {{^}}          ^{{$}}
